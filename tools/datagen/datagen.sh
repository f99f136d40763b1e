#!/usr/bin/env bash
# Data that never stops (docs/nnue-data.md, "Data that never stops"): NNUE
# training data made in the background whenever the cores are free.
#
#   datagen.sh start     start (or resume: the file is appended to) in the background
#   datagen.sh pause     stop it taking CPU (SIGSTOP), e.g. for a match
#   datagen.sh resume    let it go on (SIGCONT)
#   datagen.sh stop      finish the games in progress, flush, and exit
#   datagen.sh status    running, paused or stopped; the file, its records and games
#   datagen.sh paused CMD ARGS...   run CMD with datagen paused, resumed afterwards
#
# Settings come from the environment (the Makefile's data-* targets pass
# them): EXE (the brudno binary), NET (the network that plays), DATA_DIR,
# NNUE_NODES, DATA_SEED, DATAGEN_THREADS, BOOK, NNUE_RANDOM_PLIES,
# DATA_PRIORITY (the nice value of its scheduling group, -15 by default:
# see start below; a value below 0 needs root), DATA_FLAGS (more datagen
# flags), DATA_SYZYGY (a folder of tables to adjudicate by, used when it
# holds any), DATA_TAG (a suffix of the file name, naming the recipe) and
# CHESS960=1 for Chess960 games (from `brudno chess960`'s 960 start
# positions instead of BOOK). The data file is named by the network that
# plays it (the first 12 hex digits of its SHA-256), the nodes per move
# and the seed (and -960 for Chess960), so each generation's data stays
# labelled; the binary and the network are copied into DATA_DIR
# first, so that rebuilding the project does not touch the running games.
set -euo pipefail

EXE=${EXE:-./brudno}
NET=${NET:-engine/nets/default.nnue}
DATA_DIR=${DATA_DIR:-$HOME/brudno-data}
NNUE_NODES=${NNUE_NODES:-2500}
DATA_SEED=${DATA_SEED:-1}
DATAGEN_THREADS=${DATAGEN_THREADS:-2}
BOOK=${BOOK:-../shared/books/noob_2moves.epd}
NNUE_RANDOM_PLIES=${NNUE_RANDOM_PLIES:-4}
CHESS960=${CHESS960:-0}
DATA_PRIORITY=${DATA_PRIORITY:--15}
DATA_FLAGS=${DATA_FLAGS:-}
DATA_SYZYGY=${DATA_SYZYGY:-}
DATA_TAG=${DATA_TAG:-}
PIDFILE=$DATA_DIR/datagen.pid

running() { [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

signal() {
	if running; then kill "-$1" "$(cat "$PIDFILE")"; else echo "datagen: not running"; fi
}

case "${1:-status}" in
start)
	if running; then echo "datagen: already running (pid $(cat "$PIDFILE"))"; exit 0; fi
	[ -f "$NET" ] || { echo "datagen: no network $NET"; exit 2; }
	mkdir -p "$DATA_DIR"
	variant=
	if [ "$CHESS960" = 1 ]; then
		BOOK=$DATA_DIR/960.epd
		"$EXE" chess960 -out "$BOOK"
		variant=-960
	fi
	[ -f "$BOOK" ] || { echo "datagen: no book $BOOK (set BOOK)"; exit 2; }
	id=$(sha256sum "$NET" | cut -c1-12)
	cp "$EXE" "$DATA_DIR/brudno-$id"
	cp "$NET" "$DATA_DIR/net-$id.nnue"
	out=$DATA_DIR/net-$id-${NNUE_NODES}n-s$DATA_SEED${DATA_TAG:+-$DATA_TAG}$variant.bin
	book=$(cd "$(dirname "$BOOK")" && pwd)/$(basename "$BOOK")
	tables=
	if [ -n "$DATA_SYZYGY" ] && ls "$DATA_SYZYGY"/*.rtbw > /dev/null 2>&1; then
		tables="-syzygy $(cd "$DATA_SYZYGY" && pwd)"
	fi
	cd "$DATA_DIR"
	# Started by setsid, so that it is a scheduling group of its own
	# (Linux autogroup), and that group's priority raised before the
	# program starts: builds and tests beside it take less of its share of
	# the cores.
	sid=$(command -v setsid || true)
	$sid nohup sh -c 'echo "$0" > /proc/self/autogroup 2>/dev/null; exec "$@"' "$DATA_PRIORITY" \
		"./brudno-$id" datagen -format bin -append -book "$book" -random-plies "$NNUE_RANDOM_PLIES" \
		-nodes "$NNUE_NODES" -threads "$DATAGEN_THREADS" -games 100000000 -nnue "net-$id.nnue" \
		-seed "$DATA_SEED" $DATA_FLAGS $tables -out "$out" >> "$out.log" 2>&1 < /dev/null &
	pid=$!
	echo $pid > "$PIDFILE"
	sleep 0.2
	prio=$(sed -n 's/.* nice \(-*[0-9]*\)$/, its group at nice \1/p' "/proc/$pid/autogroup" 2>/dev/null || true)
	echo "datagen: started (pid $pid$prio), writing $out"
	;;
pause) signal STOP ;;
resume) signal CONT ;;
stop)
	# A paused datagen takes the interrupt only once it runs again.
	signal INT
	if running; then kill -CONT "$(cat "$PIDFILE")" 2>/dev/null || true; fi
	;;
status)
	pid=$(cat "$PIDFILE" 2>/dev/null || true)
	state=$(running && ps -o stat= -p "$pid" || true) # empty once it has exited
	case $state in
	T*) echo "datagen: paused (pid $pid)" ;;
	"") echo "datagen: not running" ;;
	*) echo "datagen: running (pid $pid, $(awk '{printf "%d", ($14 + $15) / 100}' "/proc/$pid/stat" 2>/dev/null || echo '?') CPU seconds so far)" ;;
	esac
	for f in "$DATA_DIR"/*.bin; do
		[ -f "$f" ] || continue
		echo "  $f: $(($(stat -c %s "$f") / 32)) records, next game $(cat "$f.games" 2>/dev/null || echo '?')"
	done
	;;
paused)
	shift
	signal STOP >/dev/null || true
	trap 'signal CONT >/dev/null || true' EXIT
	"$@"
	;;
*)
	sed -n '2,24p' "$0"
	exit 2
	;;
esac
