#!/usr/bin/env bash
# Stands up OpenBench's own server and client on the loopback interface and
# runs Brudno workloads through them: an SPRT between two commits, an SPSA
# tune of two search constants, and a DATAGEN workload whose PGNs become
# training records with `brudno datagen-pgn`. See docs/openbench.md.
#
#   tools/openbench/run.sh OPENBENCH_CHECKOUT
#
# OPENBENCH_CHECKOUT is a git clone of github.com/AndyGrant/OpenBench (or set
# OPENBENCH). Everything else is optional, by environment variable:
#
#   OB_WORK      workspace (default ${XDG_CACHE_HOME:-$HOME/.cache}/brudno-openbench);
#                remade on every run, nothing is written in the repository
#   OB_STAGES    which workloads, in order (default "sprt spsa datagen")
#   FASTCHESS    a fastchess binary, version 1.8.1 or later (default: on PATH)
#   BOOK         the EPD book (default ../shared/books/noob_2moves.epd)
#   PYTHON       a Python 3 with Django, requests, psutil, cpuinfo, numpy,
#                scipy (default /usr/bin/python3, Debian's packages)
#   SPRT_DEV, SPRT_BASE   commits of the SPRT (default HEAD and 43d442e)
#   SPRT_TC, SPRT_BOUNDS, SPRT_MINUTES  N=5000, [0.00, 10.00], 15 (then the
#                script presses the workload's Stop button)
#   TUNE_COMMIT, TUNE_PARAMS, TUNE_ITERATIONS, TUNE_PAIRS, TUNE_TC, TUNE_MINUTES
#                HEAD, "RFPMargin FutilityMul", 4, 2, N=5000, 30
#   DATA_COMMIT, DATA_GAMES, DATA_TC, DATA_GENFENS, DATA_MINUTES
#                HEAD, 100, N=2500, "", 60
#   CLIENT_THREADS   the client's -T for the SPRT and DATAGEN (default 1; an
#                SPSA workload needs 2, a game pair at once, so its client
#                gets 2)
#   CLIENT_NICE  the client's niceness, which its engines inherit (default
#                10). OpenBench stops a workload whose bench takes over 60
#                seconds; on a loaded machine nice 10 can be too slow.
#
# The server, the client and the stand-in for GitHub run in their own
# setsid groups and are ended by their process ids when the script exits.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
OPENBENCH=${1:-${OPENBENCH:-}}
[ -n "$OPENBENCH" ] || { echo "usage: $0 OPENBENCH_CHECKOUT (a clone of github.com/AndyGrant/OpenBench)" >&2; exit 2; }
OPENBENCH=$(cd "$OPENBENCH" && pwd)
W=${OB_WORK:-${XDG_CACHE_HOME:-$HOME/.cache}/brudno-openbench}
OB_STAGES=${OB_STAGES:-sprt spsa datagen}
PYTHON=${PYTHON:-/usr/bin/python3}
FASTCHESS=${FASTCHESS:-$(command -v fastchess || true)}
BOOK=${BOOK:-$root/../shared/books/noob_2moves.epd}
SPRT_DEV=${SPRT_DEV:-HEAD}
SPRT_BASE=${SPRT_BASE:-43d442e}
SPRT_TC=${SPRT_TC:-N=5000}
SPRT_BOUNDS=${SPRT_BOUNDS:-[0.00, 10.00]}
SPRT_MINUTES=${SPRT_MINUTES:-15}
TUNE_COMMIT=${TUNE_COMMIT:-HEAD}
TUNE_PARAMS=${TUNE_PARAMS:-RFPMargin FutilityMul}
TUNE_ITERATIONS=${TUNE_ITERATIONS:-4}
TUNE_PAIRS=${TUNE_PAIRS:-2}
TUNE_TC=${TUNE_TC:-N=5000}
TUNE_MINUTES=${TUNE_MINUTES:-30}
DATA_COMMIT=${DATA_COMMIT:-HEAD}
DATA_GAMES=${DATA_GAMES:-100}
DATA_TC=${DATA_TC:-N=2500}
DATA_GENFENS=${DATA_GENFENS:-}
DATA_MINUTES=${DATA_MINUTES:-60}
CLIENT_THREADS=${CLIENT_THREADS:-1}
CLIENT_NICE=${CLIENT_NICE:-10}
OB_USER=brudno
OB_PASSWORD=brudno-local-only
REPO=local/brudno # the stand-in's owner/name: https://github.com/local/brudno

say() { printf '\n== %s\n' "$*"; }
die() { echo "openbench: $*" >&2; exit 1; }

# Requirements, checked before anything starts.
[ -d "$OPENBENCH/.git" ] || die "$OPENBENCH is not a git checkout of OpenBench"
[ -f "$OPENBENCH/Client/worker.py" ] || die "$OPENBENCH has no Client/worker.py"
"$PYTHON" -c 'import django, requests, psutil, cpuinfo, numpy, scipy' 2>/dev/null ||
	die "$PYTHON lacks Django, requests, psutil, cpuinfo, numpy or scipy (Debian: apt-get install python3-django python3-requests python3-psutil python3-cpuinfo python3-numpy python3-scipy)"
for tool in git go make openssl g++ setsid; do command -v $tool >/dev/null || die "no $tool"; done
[ -x "$FASTCHESS" ] || die "no fastchess: set FASTCHESS"
[ -f "$BOOK" ] || die "no book $BOOK: set BOOK"
gitdir=$(git -C "$root" rev-parse --absolute-git-dir)
rev() { git -C "$root" rev-parse --verify "$1^{commit}"; }
SPRT_DEV=$(rev "$SPRT_DEV"); SPRT_BASE=$(rev "$SPRT_BASE")
TUNE_COMMIT=$(rev "$TUNE_COMMIT"); DATA_COMMIT=$(rev "$DATA_COMMIT")
[[ " $OB_STAGES " != *" spsa "* ]] || git -C "$root" cat-file -e "$TUNE_COMMIT:tools/openbench/tune/Makefile" 2>/dev/null ||
	die "TUNE_COMMIT ${TUNE_COMMIT:0:10} has no tools/openbench/tune/Makefile"

free_port() { "$PYTHON" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
OB_PORT=${OB_PORT:-$(free_port)}
PROXY_PORT=${PROXY_PORT:-$(free_port)}
export OB_SERVER=http://127.0.0.1:$OB_PORT OB_USER OB_PASSWORD

# Processes started here: each is started by setsid as the leader of a
# new group of processes (a background child of this shell is no group
# leader, so setsid does not fork and $! is the group's id, which pkill
# and pgrep -s match); a group is ended by its id.
sids=()
spawn() { # log dir command...: runs command in dir, in a setsid group of its own
	local log=$1 dir=$2
	shift 2
	setsid env -C "$dir" "$@" >>"$log" 2>&1 &
	sids+=($!)
}
end_group() { # sid
	pkill -TERM -s "$1" 2>/dev/null || true
	for _ in 1 2 3 4 5; do pgrep -s "$1" >/dev/null || return 0; sleep 1; done
	pkill -KILL -s "$1" 2>/dev/null || true
}
cleanup() {
	local sid
	for sid in "${sids[@]}"; do end_group "$sid"; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say "workspace $W"
# Everything but src/ (each commit's archive and build, named by its SHA)
# is made anew.
rm -rf "$W"/{server,client,bin,tls,books,out,log}
mkdir -p "$W"/{server,client,bin,tls,books,src,out,log}
obcommit=$(git -C "$OPENBENCH" rev-parse HEAD)
echo "OpenBench $obcommit"
echo "Brudno $(git -C "$root" rev-parse HEAD)"

# Every process that speaks https goes through the stand-in for GitHub and
# trusts its CA; the OpenBench server itself is reached directly. Go builds
# fetch nothing, and with -trimpath the build cache serves every build of
# the same source, wherever the client unpacked it.
proxy_env=(HTTPS_PROXY=http://127.0.0.1:$PROXY_PORT HTTP_PROXY=http://127.0.0.1:$PROXY_PORT
	https_proxy=http://127.0.0.1:$PROXY_PORT http_proxy=http://127.0.0.1:$PROXY_PORT
	NO_PROXY=127.0.0.1,localhost no_proxy=127.0.0.1,localhost
	REQUESTS_CA_BUNDLE=$W/tls/ca.pem CURL_CA_BUNDLE=$W/tls/ca.pem SSL_CERT_FILE=$W/tls/ca.pem
	GOPROXY=off GOTOOLCHAIN=local "GOFLAGS=-mod=readonly -trimpath")

say "a local CA and a certificate for the GitHub hosts"
(
	cd "$W/tls"
	openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 7 \
		-subj "/CN=local OpenBench test CA" -addext "basicConstraints=critical,CA:TRUE" \
		-addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
	openssl req -newkey rsa:2048 -nodes -keyout site.key -out site.csr -subj "/CN=github.com" 2>/dev/null
	printf '%s\n' "subjectAltName=DNS:github.com,DNS:api.github.com,DNS:codeload.github.com,DNS:raw.githubusercontent.com" \
		"basicConstraints=CA:FALSE" "keyUsage=digitalSignature,keyEncipherment" \
		"extendedKeyUsage=serverAuth" "authorityKeyIdentifier=keyid" >site.ext
	openssl x509 -req -in site.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out site.pem -days 7 \
		-extfile site.ext 2>/dev/null
)

say "the stand-in for GitHub on 127.0.0.1:$PROXY_PORT"
cp "$BOOK" "$W/books/"
bookname=$(basename "$BOOK")
spawn "$W/log/ghstub.log" "$W" "$PYTHON" "$here/ghstub.py" --port "$PROXY_PORT" \
	--cert "$W/tls/site.pem" --key "$W/tls/site.key" --repo "$REPO=$gitdir" --books "$W/books"

say "the OpenBench server (${obcommit:0:10}) on $OB_SERVER"
git -C "$OPENBENCH" archive HEAD | tar -x -C "$W/server"
for p in "$here"/patches/*.patch; do
	[ -f "$p" ] || continue
	echo "applying $(basename "$p")"
	git -C "$W/server" apply "$p" 2>/dev/null || patch -d "$W/server" -p1 <"$p"
done
booksha=$(sha256sum "$BOOK" | cut -d' ' -f1)
"$PYTHON" - "$W/server" "$here" "$bookname" "$booksha" "$REPO" <<'EOF'
import json, os, sys
server, here, book, sha, repo = sys.argv[1:]
path = os.path.join(server, 'Config', 'config.json')
config = json.load(open(path))
config['engines'] = ['Brudno', 'BrudnoTune']
config['books'] = [book]
json.dump(config, open(path, 'w'), indent=4)
json.dump({'sha': sha, 'source': 'https://raw.githubusercontent.com/local/books/main/%s.zip' % book},
          open(os.path.join(server, 'Books', '%s.json' % book), 'w'), indent=4)
for engine in ('Brudno', 'BrudnoTune'):
    text = open(os.path.join(here, engine + '.json')).read()
    text = text.replace('https://github.com/OWNER/brudno', 'https://github.com/' + repo)
    open(os.path.join(server, 'Engines', engine + '.json'), 'w').write(text)
EOF
server_env=(env "${proxy_env[@]}" PYTHONPATH="$here" DJANGO_SETTINGS_MODULE=ob_settings)
# A freshly migrated, empty database, kept per OpenBench commit in src/:
# migrating takes minutes on a busy machine.
db=$W/src/openbench-$obcommit.sqlite3
if [ ! -f "$db" ]; then
	(cd "$W/server" && "${server_env[@]}" "$PYTHON" manage.py migrate --noinput >"$W/log/migrate.log" 2>&1) ||
		{ tail -20 "$W/log/migrate.log"; die "migrate failed"; }
	cp "$W/server/db.sqlite3" "$db.tmp" && mv "$db.tmp" "$db"
fi
cp "$db" "$W/server/db.sqlite3"
spawn "$W/log/server.log" "$W/server" "${server_env[@]}" "$PYTHON" manage.py runserver "127.0.0.1:$OB_PORT" --noreload
for _ in $(seq 120); do
	curl -s -o /dev/null "$OB_SERVER/login/" && break
	sleep 1
done
curl -s -o /dev/null "$OB_SERVER/login/" || { tail -20 "$W/log/server.log"; die "the server did not start"; }

# A user registers through the web page; the instance's admin enables it
# and makes it an approver (OpenBench's admin page does the same).
"$PYTHON" "$here/drive.py" register "$OB_USER" "$OB_PASSWORD"
(cd "$W/server" && "${server_env[@]}" "$PYTHON" manage.py shell -c "
from OpenBench.models import Profile
Profile.objects.filter(user__username='$OB_USER').update(enabled=True, approver=True)
print('enabled and approver:', Profile.objects.filter(user__username='$OB_USER', enabled=True, approver=True).count())
" 2>>"$W/log/server.log")

# The bench of each commit, as its author would give it: built the way
# OpenBench builds it, from the commit's archive.
declare -A bench
build_and_bench() { # sha [make folder]: sets bench[sha]; leaves $W/src/SHA/brudno
	local sha=$1 dir=${2:-} out
	[ -n "${bench[$sha$dir]:-}" ] && return
	if [ ! -d "$W/src/$sha" ]; then
		rm -rf "$W/src/tmp" && mkdir -p "$W/src/tmp"
		git -C "$root" archive "$sha" | tar -x -C "$W/src/tmp"
		mv "$W/src/tmp" "$W/src/$sha"
	fi
	(cd "$W/src/$sha/$dir" && env "${proxy_env[@]}" nice -n 10 make -j EXE=brudno CC=go >/dev/null)
	out=$(cd "$W/src/$sha/$dir" && nice -n 10 ./brudno bench 2>&1 | tail -1)
	[[ $out =~ ^([0-9]+)\ nodes ]] || die "bench of ${sha:0:10}: $out"
	bench[$sha$dir]=${BASH_REMATCH[1]}
	echo "bench ${sha:0:10}${dir:+ ($dir)}: ${bench[$sha$dir]}"
}

say "the client"
git -C "$OPENBENCH" archive HEAD Client | tar -x -C "$W/client" --strip-components=1
cp "$FASTCHESS" "$W/client/fastchess-ob"
# OpenBench's client ends engines and fastchess with `pkill -f NAME`; here
# that is kept to the client's own setsid group, so that it cannot touch any
# other process on the machine whose command line holds the same name.
printf '#!/bin/sh\nexec %s -s 0 "$@"\n' "$(command -v pkill)" >"$W/bin/pkill"
chmod +x "$W/bin/pkill"
client_sid=
start_client() { # threads
	spawn "$W/log/client.log" "$W/client" env "${proxy_env[@]}" PATH="$W/bin:$PATH" nice -n "$CLIENT_NICE" "$PYTHON" client.py \
		-U "$OB_USER" -P "$OB_PASSWORD" -S "$OB_SERVER" -T "$1" -N 1 --no-client-downloads
	client_sid=${sids[-1]}
	echo "client -T $1 started (log $W/log/client.log)"
}
stop_client() {
	[ -n "$client_sid" ] || return 0
	end_group "$client_sid"
	local keep=() sid
	for sid in "${sids[@]}"; do [ "$sid" = "$client_sid" ] || keep+=("$sid"); done
	sids=("${keep[@]}")
	client_sid=
}

create() { "$PYTHON" "$here/drive.py" create "$OB_USER" "$OB_PASSWORD" "$@"; }
common=(priority=0 throughput=1000 syzygy_wdl=DISABLED syzygy_adj=DISABLED "upload_pgns=FALSE" info=)
results=$W/out/results.txt
: >"$results"
record() { tee -a "$results"; }

for stage in $OB_STAGES; do
	case $stage in
	sprt)
		say "SPRT: ${SPRT_DEV:0:10} against ${SPRT_BASE:0:10} at $SPRT_TC, bounds $SPRT_BOUNDS"
		build_and_bench "$SPRT_DEV"
		build_and_bench "$SPRT_BASE"
		id=$(create workload=test test_mode=SPRT dev_engine=Brudno base_engine=Brudno \
			"dev_repo=https://github.com/$REPO" "base_repo=https://github.com/$REPO" \
			dev_branch="$SPRT_DEV" base_branch="$SPRT_BASE" \
			dev_bench="${bench[$SPRT_DEV]}" base_bench="${bench[$SPRT_BASE]}" dev_network= base_network= \
			"dev_options=Threads=1 Hash=16" "base_options=Threads=1 Hash=16" \
			dev_time_control="$SPRT_TC" base_time_control="$SPRT_TC" book_name="$bookname" \
			"test_bounds=$SPRT_BOUNDS" "test_confidence=[0.05, 0.05]" test_max_games= \
			workload_size=8 scale_method=BASE scale_nps=450000 \
			"win_adj=movecount=3 score=400" "draw_adj=movenumber=40 movecount=8 score=10" "${common[@]}")
		echo "workload $id: $OB_SERVER/test/$id/"
		start_client "$CLIENT_THREADS"
		{ echo "SPRT, workload $id"; "$PYTHON" "$here/drive.py" wait "$id" --timeout $((SPRT_MINUTES * 60)); } | record
		stop_client
		;;
	spsa)
		say "SPSA: $TUNE_PARAMS on ${TUNE_COMMIT:0:10}, $TUNE_ITERATIONS iterations of $TUNE_PAIRS pairs at $TUNE_TC"
		build_and_bench "$TUNE_COMMIT" tools/openbench/tune
		inputs=$("$W/src/$TUNE_COMMIT/tools/openbench/tune/brudno" params -spsa | grep -E "^($(echo $TUNE_PARAMS | tr ' ' '|')),")
		[ "$(echo "$inputs" | wc -l)" = "$(echo $TUNE_PARAMS | wc -w)" ] || die "params -spsa lacks one of $TUNE_PARAMS"
		echo "$inputs"
		id=$(create workload=tune dev_engine=BrudnoTune "dev_repo=https://github.com/$REPO" \
			dev_branch="$TUNE_COMMIT" dev_bench="${bench[${TUNE_COMMIT}tools/openbench/tune]}" dev_network= \
			"dev_options=Threads=1 Hash=16" dev_time_control="$TUNE_TC" book_name="$bookname" \
			"spsa_inputs=${inputs//$'\n'/\\n}" spsa_reporting_type=BATCHED spsa_distribution_type=SINGLE \
			spsa_alpha=0.602 spsa_gamma=0.101 spsa_A_ratio=0.1 spsa_iterations="$TUNE_ITERATIONS" \
			spsa_pairs_per="$TUNE_PAIRS" scale_method=DEV scale_nps=450000 \
			"win_adj=movecount=3 score=400" "draw_adj=movenumber=40 movecount=8 score=10" "${common[@]}")
		echo "workload $id: $OB_SERVER/tune/$id/"
		start_client 2
		{ echo "SPSA, workload $id"; "$PYTHON" "$here/drive.py" wait "$id" --timeout $((TUNE_MINUTES * 60)); "$PYTHON" "$here/drive.py" spsa "$id"; } | record
		stop_client
		;;
	datagen)
		say "DATAGEN: ${DATA_COMMIT:0:10}, $DATA_GAMES games at $DATA_TC"
		build_and_bench "$DATA_COMMIT"
		id=$(create workload=datagen dev_engine=Brudno base_engine=Brudno \
			"dev_repo=https://github.com/$REPO" "base_repo=https://github.com/$REPO" \
			dev_branch="$DATA_COMMIT" base_branch="$DATA_COMMIT" \
			dev_bench="${bench[$DATA_COMMIT]}" base_bench="${bench[$DATA_COMMIT]}" dev_network= base_network= \
			"dev_options=Threads=1 Hash=16" "base_options=Threads=1 Hash=16" \
			dev_time_control="$DATA_TC" base_time_control="$DATA_TC" book_name="$bookname" \
			datagen_max_games="$DATA_GAMES" "datagen_custom_genfens=$DATA_GENFENS" datagen_play_reverses=NO \
			workload_size=$(((DATA_GAMES + 1) / 2)) scale_method=BASE scale_nps=450000 \
			"win_adj=movecount=3 score=1000" "draw_adj=movenumber=40 movecount=6 score=8" \
			priority=0 throughput=1000 syzygy_wdl=DISABLED syzygy_adj=DISABLED upload_pgns=VERBOSE info=)
		echo "workload $id: $OB_SERVER/datagen/$id/"
		start_client "$CLIENT_THREADS"
		{ echo "DATAGEN, workload $id"; "$PYTHON" "$here/drive.py" wait "$id" --timeout $((DATA_MINUTES * 60)); } | record
		"$PYTHON" "$here/drive.py" pgns "$id" "$W/out/$id.pgn.tar" --timeout 600
		stop_client
		"$PYTHON" "$W/server/Scripts/archive2pgns.py" "$W/out/$id.pgn.tar"
		games=$(grep -c '^\[Event ' "$W/out/$id.pgn" || true)
		bin=$W/src/$DATA_COMMIT/brudno
		{
			echo "the archive's PGN: $games games"
			"$bin" datagen-pgn -out "$W/out/ob-$id.bin" "$W/out/$id.pgn" 2>&1
			"$bin" datagen-info "$W/out/ob-$id.bin" 2>&1
		} | record
		;;
	*) die "unknown stage $stage (sprt, spsa, datagen)" ;;
	esac
done

say "results ($results)"
cat "$results"
