#!/usr/bin/env bash
# One chunk of the fifth network's data trained into the candidates
# (docs/nnue-data.md, step 10): the chunk's standard and Chess960 files are
# cut at their record counts, and each candidate in nets/ learns from them,
# starting from its own network of the chunk before.
#
#   chunk.sh K STD C960 [NAME...]
#
# K is the chunk (1, 2, ...), whose files are the default network's games
# of seeds 28+2K (standard) and 29+2K (Chess960) in DATA_DIR, as
# `make data-start` names them; STD and C960 are the records to keep of
# each (its ledger row). NAMEs are candidates (all four by default).
# Settings from the environment (the Makefile's net-chunk target passes
# them): EXE, DATA_NET (the network whose games they are), DATA_DIR,
# NNUE_NODES, DATA_TAG.
#
# The cut files, the networks of the chunk before, the training states
# and the logs go to DATA_DIR/chunkK; the networks replace nets/NAME.nnue
# only when every candidate has finished, so a run stopped part way
# leaves nets/ as the chunk before left it and goes on where it stopped
# when started again, and a run made again starts from the same networks.
set -euo pipefail

[ $# -ge 3 ] || { echo "usage: chunk.sh K STD C960 [NAME...]"; exit 2; }
K=$1 STD=$2 C960=$3
shift 3
NAMES=${*:-ft-256 w-512 d-256 d-512}
EXE=${EXE:-./brudno}
DATA_NET=${DATA_NET:-engine/nets/default.nnue}
DATA_DIR=${DATA_DIR:-$HOME/brudno-data}
NNUE_NODES=${NNUE_NODES:-2500}
DATA_TAG=${DATA_TAG:-adj}

for n in "$K" "$STD" "$C960"; do
	case $n in '' | *[!0-9]*) echo "chunk.sh: $n is not a count"; exit 2 ;; esac
done
[ "$K" -ge 1 ] || { echo "chunk.sh: chunks count from 1"; exit 2; }

id=$(sha256sum "$DATA_NET" | cut -c1-12)
stem=$DATA_DIR/net-$id-${NNUE_NODES}n
src_std=$stem-s$((28 + 2 * K))-$DATA_TAG.bin
src_960=$stem-s$((29 + 2 * K))-$DATA_TAG-960.bin
work=$DATA_DIR/chunk$K
mkdir -p "$work"

# take SRC N DST: the first N records (32 bytes each) of SRC.
take() {
	[ -f "$1" ] || { echo "chunk.sh: no $1"; exit 2; }
	have=$(($(stat -L -c %s "$1") / 32))
	[ "$have" -ge "$2" ] || { echo "chunk.sh: $1 has $have records, fewer than $2"; exit 2; }
	if [ ! -f "$3" ] || [ "$(stat -L -c %s "$3")" -ne $(($2 * 32)) ]; then
		head -c $(($2 * 32)) "$1" >"$3.part"
		mv "$3.part" "$3"
		rm -f "$work"/*.done # trained on other counts: train again
	fi
}
for name in $NAMES; do
	case $name in ft-256 | w-512 | d-256 | d-512) ;; *) echo "chunk.sh: no candidate $name"; exit 2 ;; esac
	[ "$K" = 1 ] || [ -f "$work/$name.prev.nnue" ] || [ -f "nets/$name.nnue" ] ||
		{ echo "chunk.sh: no nets/$name.nnue to go on from"; exit 2; }
done
# The networks of the chunk before, kept so that a run made again (other
# counts, or after nets/ was replaced) starts from them.
if [ "$K" != 1 ]; then
	for name in $NAMES; do
		[ -f "$work/$name.prev.nnue" ] || cp "nets/$name.nnue" "$work/$name.prev.nnue"
	done
fi
take "$src_std" "$STD" "$work/std.bin"
take "$src_960" "$C960" "$work/960.bin"

common="-mirror -buckets 8 -threads 2 -seed 1"
for name in $NAMES; do
	out=$work/$name.nnue
	[ -f "$out.done" ] && continue
	prev=$work/$name.prev.nnue
	if [ "$K" = 1 ]; then
		case $name in
		ft-256) flags="-init $DATA_NET -lr 0.0002 -epochs 6 -lr-drop 4" ;;
		w-512) flags="-init $DATA_NET -hidden 512 -lr 0.0005 -epochs 12 -lr-drop 8" ;;
		d-256) flags="-hidden 256 -epochs 20 -lr-drop 15" ;;
		d-512) flags="-hidden 512 -epochs 20 -lr-drop 15" ;;
		esac
	else
		case $name in
		ft-256 | w-512) flags="-init $prev -lr 0.0002 -epochs 6 -lr-drop 4" ;;
		d-256 | d-512) flags="-init $prev -lr 0.0005 -epochs 8 -lr-drop 6" ;;
		esac
	fi
	echo "chunk $K: $EXE train -out $out $flags $common (log $work/$name.log)"
	# shellcheck disable=SC2086 # the flags are words
	"$EXE" train -out "$out" -checkpoint "$work/$name.ckpt" $flags $common "$work/std.bin" "$work/960.bin" >"$work/$name.log" 2>&1 ||
		{ tail -5 "$work/$name.log"; exit 1; }
	# the loss on the chunk's held-out games before (epoch 0) and after
	grep -E '^epoch' "$work/$name.log" | sed -n '1p;$p'
	touch "$out.done"
done

for name in $NAMES; do
	cp "$work/$name.nnue" "nets/$name.nnue"
	echo "nets/$name.nnue $(sha256sum "nets/$name.nnue" | cut -c1-12)"
done
