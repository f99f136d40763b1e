#!/usr/bin/env python3
"""A stand-in for GitHub on the loopback interface, for a local OpenBench.

OpenBench's server asks GitHub's API for a branch's or commit's SHA and
message (repos/O/N/branches/B, repos/O/N/commits/REF), for how far two
commits are apart (repos/O/N/compare/A...B), and gives its clients
repos/O/N/zipball/SHA to download the source from; the clients fetch
opening books from the URLs in the server's Books/*.json. All of these are
https URLs, so this program is an HTTP proxy that takes CONNECT requests
for those hosts only, ends the TLS itself with a certificate of a local
CA (the processes that use it are given that CA through
REQUESTS_CA_BUNDLE), and answers from a local git repository and a folder
of books. It connects to nothing: a request for any other host is refused.

    ghstub.py --port P --cert C --key K --repo OWNER/NAME=GITDIR --books DIR
"""

import argparse
import io
import json
import os
import socketserver
import ssl
import subprocess
import sys
import threading
import zipfile
from http.server import BaseHTTPRequestHandler

HOSTS = {'github.com', 'api.github.com', 'codeload.github.com', 'raw.githubusercontent.com'}


def git(gitdir, *args, binary=False):
    out = subprocess.run(['git', '--git-dir', gitdir] + list(args), capture_output=True, check=True).stdout
    return out if binary else out.decode('utf-8', 'replace').strip()


class Handler(BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'
    tunnel_host = None  # set once a CONNECT turned the connection into TLS

    def log_message(self, fmt, *args):
        sys.stderr.write('ghstub: %s %s\n' % (self.tunnel_host or '-', fmt % args))
        sys.stderr.flush()

    def do_CONNECT(self):
        host, _, port = self.path.partition(':')
        if host not in HOSTS or port != '443' or self.tunnel_host:
            self.send_error(403, 'only %s on 443' % ', '.join(sorted(HOSTS)))
            return
        self.send_response(200, 'Connection established')
        self.send_header('Content-Length', '0')
        self.end_headers()
        self.wfile.flush()
        try:
            tls = self.server.tls.wrap_socket(self.connection, server_side=True)
        except (ssl.SSLError, OSError) as err:
            self.log_message('TLS handshake with the client failed: %s', err)
            self.close_connection = True
            return
        self.connection = tls
        self.rfile = tls.makefile('rb', self.rbufsize)
        self.wfile = tls.makefile('wb')
        self.tunnel_host = host
        self.close_connection = False

    def do_GET(self):
        if not self.tunnel_host:
            # A plain-HTTP proxy request (absolute URL) or a direct one: the
            # books are served here too, for a book source given as http.
            path = self.path.split('://', 1)[-1]
            path = '/' + path.split('/', 1)[1] if '://' in self.path else path
        else:
            path = self.path
        try:
            status, ctype, body = self.route(path.split('?', 1)[0])
        except subprocess.CalledProcessError as err:
            status, ctype, body = 404, 'application/json', json.dumps(
                {'message': 'Not Found', 'git': err.stderr.decode('utf-8', 'replace').strip()}).encode()
        self.send_response(status)
        self.send_header('Content-Type', ctype)
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def route(self, path):
        parts = [p for p in path.split('/') if p]
        books = self.server.books
        if len(parts) >= 1 and parts[-1].endswith('.zip') and parts[0] != 'repos':
            name = parts[-1][:-len('.zip')]
            if name in os.listdir(books):
                buf = io.BytesIO()
                with zipfile.ZipFile(buf, 'w', zipfile.ZIP_DEFLATED) as z:
                    z.write(os.path.join(books, name), arcname=name)
                return 200, 'application/zip', buf.getvalue()
        if len(parts) >= 5 and parts[0] == 'repos':
            repo = '%s/%s' % (parts[1], parts[2])
            gitdir = self.server.repos.get(repo)
            if gitdir is None:
                return 404, 'application/json', b'{"message": "Not Found"}'
            kind, ref = parts[3], '/'.join(parts[4:])
            if kind in ('branches', 'commits'):
                target = 'refs/heads/%s' % ref if kind == 'branches' else ref
                sha = git(gitdir, 'rev-parse', '--verify', target + '^{commit}')
                message = git(gitdir, 'log', '-1', '--format=%B', sha)
                commit = {'sha': sha, 'commit': {'message': message}}
                data = {'name': ref, 'commit': commit} if kind == 'branches' else commit
                return 200, 'application/json', json.dumps(data).encode()
            if kind == 'compare' and '...' in ref:
                base, head = ref.split('...', 1)
                ahead = int(git(gitdir, 'rev-list', '--count', '%s..%s' % (base, head)))
                behind = int(git(gitdir, 'rev-list', '--count', '%s..%s' % (head, base)))
                data = {'ahead_by': ahead, 'behind_by': behind}
                return 200, 'application/json', json.dumps(data).encode()
            if kind == 'zipball':
                sha = git(gitdir, 'rev-parse', '--verify', ref + '^{commit}')
                prefix = '%s-%s-%s/' % (parts[1], parts[2], sha[:7])
                body = git(gitdir, 'archive', '--format=zip', '--prefix=' + prefix, sha, binary=True)
                return 200, 'application/zip', body
        return 404, 'application/json', b'{"message": "Not Found"}'

    def do_POST(self):
        self.send_error(405)


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--port', type=int, required=True)
    p.add_argument('--cert', required=True)
    p.add_argument('--key', required=True)
    p.add_argument('--repo', action='append', default=[], help='OWNER/NAME=GITDIR')
    p.add_argument('--books', required=True)
    args = p.parse_args()

    server = Server(('127.0.0.1', args.port), Handler)
    server.tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.tls.load_cert_chain(args.cert, args.key)
    server.books = args.books
    server.repos = {}
    for spec in args.repo:
        name, _, gitdir = spec.partition('=')
        server.repos[name] = gitdir
    sys.stderr.write('ghstub: listening on 127.0.0.1:%d for %s\n' % (args.port, ', '.join(server.repos)))
    sys.stderr.flush()
    server.serve_forever()


if __name__ == '__main__':
    main()
