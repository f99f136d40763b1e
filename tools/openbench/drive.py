#!/usr/bin/env python3
"""Drives a local OpenBench server as a user would: registers, logs in,
creates workloads by posting OpenBench's web forms, follows them through
its API, stops one from the web page, and downloads the PGN archive.

    drive.py register USER PASSWORD
    drive.py create USER PASSWORD FIELD=VALUE ...   (prints the new id)
    drive.py wait ID [--timeout S] [--max-games N]  (prints the summary)
    drive.py pgns ID OUT.pgn.tar
    drive.py spsa ID

The server is $OB_SERVER (http://127.0.0.1:PORT). Every request goes to it
alone.
"""

import argparse
import html
import json
import os
import re
import sys
import time

import requests

SERVER = os.environ.get('OB_SERVER', 'http://127.0.0.1:8000').rstrip('/')
NO_PROXY = {'http': None, 'https': None}


def client():
    s = requests.Session()  # requests' cookie-keeping HTTP client
    s.trust_env = False  # the server is local: never through a proxy
    return s


def page_messages(text):
    found = []
    for kind in ('error', 'warning', 'status'):
        for m in re.finditer(r'<div class="%s-message">\s*<pre>(.*?)</pre>' % kind, text, re.S):
            found.append((kind, html.unescape(m.group(1)).strip()))
    return found


def post_form(s, path, fields):
    s.get(SERVER + path)  # sets the csrftoken cookie, as the browser's first visit does
    fields = dict(fields, csrfmiddlewaretoken=s.cookies.get('csrftoken', ''))
    return s.post(SERVER + path, data=fields, headers={'Referer': SERVER + path})


def login(s, user, password):
    r = post_form(s, '/login/', {'username': user, 'password': password})
    if 'sessionid' not in s.cookies:
        sys.exit('login as %s failed: %s' % (user, page_messages(r.text)))


def info(workload_id):
    r = client().post('%s/api/workload/%d/info/' % (SERVER, workload_id))
    data = r.json()
    if 'error' in data:
        return None
    return data['info']


def cmd_register(args):
    s = client()
    r = post_form(s, '/register/', {
        'username': args.user, 'email': '%s@localhost' % args.user,
        'password1': args.password, 'password2': args.password})
    errors = [m for k, m in page_messages(r.text) if k == 'error' and 'not been enabled' not in m]
    if errors and 'already taken' not in errors[0]:
        sys.exit('register: %s' % errors)
    print('registered %s' % args.user)


def cmd_create(args):
    fields = {}
    for item in args.fields:
        key, sep, value = item.partition('=')
        if not sep:
            sys.exit('create: %r is not FIELD=VALUE' % item)
        fields[key] = value.replace('\\n', '\n')
    kind = fields.pop('workload')  # test, tune or datagen
    s = client()
    login(s, args.user, args.password)
    next_id = 1
    while info(next_id) is not None:
        next_id += 1
    r = post_form(s, '/%s/new/' % kind, fields)
    messages = page_messages(r.text)
    created = info(next_id)
    if created is None:
        sys.exit('create %s: no workload %d; the page said %s' % (kind, next_id, messages))
    for k, m in messages:
        print('create %s: %s: %s' % (kind, k, m), file=sys.stderr)
    print(next_id)


def summary(d):
    out = {
        'mode': d['test_mode'], 'games': d['games'], 'finished': d['finished'],
        'passed': d['passed'], 'failed': d['failed'], 'approved': d['approved'],
        'losses_draws_wins': list(d['tri']),
        'pentanomial_LL_LD_DD_DW_WW': list(d['penta']),
        'dev': '%s %s bench %s' % (d['dev']['name'], d['dev']['sha'][:10], d['dev']['bench']),
        'base': '%s %s bench %s' % (d['base']['name'], d['base']['sha'][:10], d['base']['bench']),
        'error': d['error'],
    }
    if d['test_mode'] == 'SPRT':
        out.update({'llr': round(d['currentllr'], 3), 'llr_bounds': [round(d['lowerllr'], 3), round(d['upperllr'], 3)],
                    'elo_bounds': [d['elolower'], d['eloupper']]})
    if d['test_mode'] in ('GAMES', 'DATAGEN'):
        out['max_games'] = d['max_games']
    return out


def cmd_wait(args):
    began = time.time()
    last = None
    stopped = None
    while True:
        d = info(args.id)
        if d is None:
            sys.exit('wait: no workload %d' % args.id)
        if d['games'] != last:
            print('[%5.0fs] workload %d: %d games, L-D-W %d-%d-%d%s' % (
                time.time() - began, args.id, d['games'], *d['tri'],
                ', LLR %.2f' % d['currentllr'] if d['test_mode'] == 'SPRT' else ''), file=sys.stderr, flush=True)
            last = d['games']
        if d['finished']:
            break
        over_time = args.timeout and time.time() - began > args.timeout
        over_games = args.max_games and d['games'] >= args.max_games
        if over_time or over_games:
            # The Stop button of the workload's page, as its author would press it.
            s = client()
            login(s, args.user, args.password)
            kind = {'SPSA': 'tune', 'DATAGEN': 'datagen'}.get(d['test_mode'], 'test')
            s.get('%s/%s/%d/STOP/' % (SERVER, kind, args.id))
            stopped = 'stopped from the web page after %d games (%s)' % (
                d['games'], 'time limit %d s' % args.timeout if over_time else 'game cap %d' % args.max_games)
            print('wait: %s' % stopped, file=sys.stderr)
            time.sleep(2)
            d = info(args.id)
            break
        time.sleep(10)
    out = summary(d)
    if stopped:
        out['stopped'] = stopped
    print(json.dumps(out, indent=1))


def cmd_pgns(args):
    deadline = time.time() + args.timeout
    while True:
        r = client().post('%s/api/pgns/%d/' % (SERVER, args.id))
        if r.headers.get('Content-Type', '').startswith('application/octet-stream'):
            with open(args.out, 'wb') as f:
                f.write(r.content)
            print('%s: %d bytes' % (args.out, len(r.content)))
            return
        if time.time() > deadline:
            sys.exit('pgns: %s' % r.text.strip())
        print('pgns: %s' % r.json().get('error'), file=sys.stderr, flush=True)
        time.sleep(15)


def cmd_spsa(args):
    for query in ('inputs', 'outputs', 'digest'):
        r = client().post('%s/api/spsa/%d/%s/' % (SERVER, args.id, query))
        print('== %s\n%s' % (query, r.text.strip()))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest='cmd', required=True)
    a = sub.add_parser('register')
    a.add_argument('user')
    a.add_argument('password')
    a = sub.add_parser('create')
    a.add_argument('user')
    a.add_argument('password')
    a.add_argument('fields', nargs='+')
    a = sub.add_parser('wait')
    a.add_argument('id', type=int)
    a.add_argument('--user', default=os.environ.get('OB_USER', ''))
    a.add_argument('--password', default=os.environ.get('OB_PASSWORD', ''))
    a.add_argument('--timeout', type=int, default=0, help='stop the workload after S seconds')
    a.add_argument('--max-games', type=int, default=0, help='stop the workload after N games')
    a = sub.add_parser('pgns')
    a.add_argument('id', type=int)
    a.add_argument('out')
    a.add_argument('--timeout', type=int, default=300)
    a = sub.add_parser('spsa')
    a.add_argument('id', type=int)
    args = p.parse_args()
    {'register': cmd_register, 'create': cmd_create, 'wait': cmd_wait, 'pgns': cmd_pgns, 'spsa': cmd_spsa}[args.cmd](args)


if __name__ == '__main__':
    main()
