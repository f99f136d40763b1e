#!/usr/bin/env bash
# The fifth network's joint candidates (docs/nnue-data.md, step 10): the
# cut files of chunks 1 to K, as `make net-chunk` left them in
# DATA_DIR/chunk1 ... chunkK, learned all at once by networks that start
# from the default one, instead of one chunk after another.
#
#   joint.sh K [NAME...]
#
# NAMEs are j-256 (the default network, 256 neurons) and j-512 (the
# default network widened to 512); both by default. Settings from the
# environment (the Makefile's net-joint target passes them): EXE,
# DATA_NET, DATA_DIR, and EPOCHS (16 by default; the learning rate drops
# tenfold after three quarters of them).
#
# The training states and logs go to DATA_DIR/jointK-eEPOCHS; the
# networks replace nets/NAME.nnue only when every NAME has finished, so a run
# stopped part way leaves nets/ as it was. A run started again skips the
# finished ones and resumes each unfinished one from its checkpoint
# (written after every epoch, and when the trainer is stopped by SIGINT
# or SIGTERM), so a run killed outright loses at most the epoch in
# progress.
set -euo pipefail

[ $# -ge 1 ] || { echo "usage: joint.sh K [NAME...]"; exit 2; }
K=$1
shift
NAMES=${*:-j-256 j-512}
EXE=${EXE:-./brudno}
DATA_NET=${DATA_NET:-engine/nets/default.nnue}
DATA_DIR=${DATA_DIR:-$HOME/brudno-data}
EPOCHS=${EPOCHS:-16}

case $K in '' | *[!0-9]*) echo "joint.sh: $K is not a chunk number"; exit 2 ;; esac
[ "$K" -ge 1 ] || { echo "joint.sh: chunks count from 1"; exit 2; }
case $EPOCHS in '' | *[!0-9]*) echo "joint.sh: EPOCHS=$EPOCHS is not a count"; exit 2 ;; esac
[ "$EPOCHS" -ge 1 ] || { echo "joint.sh: EPOCHS must be at least 1"; exit 2; }
for name in $NAMES; do
	case $name in j-256 | j-512) ;; *) echo "joint.sh: no joint candidate $name"; exit 2 ;; esac
done
files=()
for k in $(seq 1 "$K"); do
	for f in std 960; do
		p=$DATA_DIR/chunk$k/$f.bin
		[ -f "$p" ] || { echo "joint.sh: no $p (make net-chunk CHUNK=$k cuts it)"; exit 2; }
		files+=("$p")
	done
done
work=$DATA_DIR/joint$K-e$EPOCHS
mkdir -p "$work"

common="-lr 0.0005 -epochs $EPOCHS -lr-drop $((EPOCHS * 3 / 4)) -mirror -buckets 8 -threads 2 -seed 1"
for name in $NAMES; do
	out=$work/$name.nnue
	ckpt=$work/$name.ckpt
	[ -f "$out.done" ] && continue
	case $name in
	j-256) flags="" ;;
	j-512) flags="-hidden 512" ;;
	esac
	if [ -f "$ckpt" ]; then
		from="-resume $ckpt" # the log goes on after the lines of the run before
	else
		from="-init $DATA_NET"
		: >"$work/$name.log"
	fi
	echo "joint $K: $EXE train -out $out -checkpoint $ckpt $from $common $flags (log $work/$name.log)"
	# shellcheck disable=SC2086 # the flags are words
	"$EXE" train -out "$out" -checkpoint "$ckpt" $from $common $flags "${files[@]}" >>"$work/$name.log" 2>&1 ||
		{ tail -5 "$work/$name.log"; exit 1; }
	# the loss on the held-out games before (epoch 0) and after
	grep -E '^epoch' "$work/$name.log" | sed -n '1p;$p'
	touch "$out.done"
done

for name in $NAMES; do
	cp "$work/$name.nnue" "nets/$name.nnue"
	echo "nets/$name.nnue $(sha256sum "nets/$name.nnue" | cut -c1-12)"
done
