# Brudno build, test and measurement targets. `make` builds ./brudno
# (brudno.exe when Go builds for Windows); EXE=name overrides the output
# (as OpenBench passes it). Every go build of the engine (make, make
# EXE=..., go build) optimises by the profile in default.pgo; make pgo
# regenerates it.
GO ?= go
GOEXE := $(shell $(GO) env GOEXE)
EXE ?= brudno$(GOEXE)
SHARED ?= ../shared

# The version the binary prints (engine/version.go): the number in VERSION
# and, in a git checkout whose top is this folder, the commit, HASH or
# HASH-dirty with uncommitted changes. Without git (a `git archive` tree,
# as OpenBench builds it) the binary prints the number alone. The go
# command's own stamp is off: in a tree unpacked inside another checkout
# it would take that checkout's commit. -trimpath leaves the build
# folder's path out of the binary.
GIT ?= git
COMMIT := $(shell test -z "$$($(GIT) rev-parse --show-prefix 2>/dev/null || echo none)" && $(GIT) rev-parse --short=7 HEAD 2>/dev/null)
DIRTY := $(if $(COMMIT),$(if $(shell $(GIT) status --porcelain 2>/dev/null),-dirty))
BUILDFLAGS = -trimpath -buildvcs=false -ldflags "-X brudno/engine.buildCommit=$(COMMIT)$(DIRTY)"

.PHONY: all build build-tune pgo run test cross-vet cross-check dist soak tb-match fuzz-protocol data-start data-pause data-resume data-stop data-status net-chunk net-joint net-pick net-sprt test-race bench perft-suite perft-speed fuzz clean wac bk datagen tune tune-fit book nnue-data net timeloss lab-mtd calibrate calibrate-anchor calibrate-drift cal-check smp-match openbench

all: build

build:
	$(GO) build $(BUILDFLAGS) -o $(EXE) .

run: build
	./$(EXE)

# Profile-guided optimisation: default.pgo, which go build reads for the
# main package, is a CPU profile of PGO_RUNS runs of bench, taken from a
# build without the old profile and merged by go tool pprof; tools/pgo
# cuts the profile's absolute paths (the binary's file name) to their
# last element. Regenerate it when the search or the evaluation changed
# much (docs/design.md, "Profile-guided optimisation").
PGO_RUNS ?= 20
pgo:
	rm -rf pgo-work && mkdir pgo-work
	$(GO) build -pgo=off -trimpath -o pgo-work/brudno .
	i=1; while [ $$i -le $(PGO_RUNS) ]; do \
		./pgo-work/brudno bench -cpuprofile pgo-work/bench-$$i.pprof > pgo-work/bench.out || exit 1; \
		tail -1 pgo-work/bench.out; i=$$((i + 1)); \
	done
	$(GO) tool pprof -proto pgo-work/bench-*.pprof > pgo-work/merged.pprof
	$(GO) run ./tools/pgo -in pgo-work/merged.pprof -out default.pgo
	rm -rf pgo-work

# The experiment build: every search switch and constant a UCI option
# (engine/tune_on.go), for on/off matches and SPSA; EXE-tune by default.
TUNE_EXE ?= $(patsubst %$(GOEXE),%,$(EXE))-tune$(GOEXE)
build-tune:
	$(GO) build $(BUILDFLAGS) -tags tune -o $(TUNE_EXE) .

# The default test run: vet, then every package's tests (a few minutes at
# most), then the packages the experiment build changes, built that way,
# then the concurrency tests under the race detector: search threads,
# stop and ponderhit, concurrent tablebase probes, setoption during a
# search, random protocol sequences (a small set, since -race slows the
# code several times over; make test-race runs everything). The race
# detector needs cgo, that is a C compiler: without one that step is left
# out with a message, except under CI=true, where it fails. TEST_TIMEOUT
# bounds each package's run: the tests' own waits catch an engine that
# hangs, and go test's default of 10 minutes was reached by the
# integration and search packages on two cores busy with other work
# (about 35 s of CPU time each, stretched to 600 s of wall time).
RACE_TESTS = TestConcurrentProbes|TestThreadsFixedDepth|TestParallelStopAndPonderHit|TestOneBestMovePerGo|TestSetOptionDuringSearch|TestProtocolSequences
RACE_PKGS = ./syzygy ./search ./engine ./uci
TEST_TIMEOUT ?= 30m
test:
	$(GO) vet ./...
	$(GO) vet -tags tune ./...
	$(MAKE) cross-vet
	$(GO) test -timeout $(TEST_TIMEOUT) ./...
	$(GO) test -timeout $(TEST_TIMEOUT) -tags tune ./engine ./uci
	@if [ "$$($(GO) env CGO_ENABLED)" = 1 ]; then \
		echo "$(GO) test -timeout $(TEST_TIMEOUT) -race -run '$(RACE_TESTS)' $(RACE_PKGS)"; \
		$(GO) test -timeout $(TEST_TIMEOUT) -race -run '$(RACE_TESTS)' $(RACE_PKGS); \
	elif [ "$$CI" = true ]; then \
		echo "make test: the race detector needs cgo (a C compiler), and CI=true"; exit 1; \
	else \
		echo "make test: no cgo (a C compiler), so the race tests are left out"; \
	fi

# The packages with code of their own for an operating system or an
# architecture (memory, mappings, SIMD, the soak's rusage), vetted as
# built for the other release platforms (CROSS_VET), which compiles the
# whole program for each; `make cross-check` runs two of them.
CROSS_VET ?= windows/amd64 darwin/arm64 linux/arm64
cross-vet:
	@for t in $(CROSS_VET); do echo "vet for $$t"; \
		GOOS=$${t%/*} GOARCH=$${t#*/} CGO_ENABLED=0 $(GO) vet . ./engine ./syzygy ./search ./nnue ./nnue/train ./board ./tools/soak || exit 1; done

# The release archives (tools/dist, docs/commands.md "Versions and releases"): for
# each of DIST_TARGETS the binary with README.md, LICENSE and CHANGELOG.md
# in DIST_DIR/brudno-VERSION-OS-ARCH.zip (Windows) or .tar.gz, and
# DIST_DIR/SHA256SUMS, checked with sha256sum -c where it exists. A tree
# with uncommitted changes is refused; DIST_FORCE=1 builds it anyway,
# named -dirty.
DIST_DIR ?= dist
DIST_TARGETS ?= linux/amd64,linux/arm64,windows/amd64,windows/arm64,darwin/amd64,darwin/arm64
DIST_FORCE ?=
dist:
	$(GO) run ./tools/dist -out $(DIST_DIR) -targets $(DIST_TARGETS) $(if $(DIST_FORCE),-force) -go $(GO)
	@if command -v sha256sum >/dev/null; then cd $(DIST_DIR) && sha256sum -c SHA256SUMS; fi

# Other platforms on this one (docs/commands.md, "Other platforms"): the
# linux/arm64 build under qemu-user (QEMU) and the windows/amd64 build
# under wine (WINE), against the native build. Each bench must count the
# native build's nodes, or the target fails; then the tests of board,
# nnue and syzygy run under QEMU, and those of syzygy, engine and the
# table in search under WINE (with CROSS_TESTFLAGS: -short, as the
# emulators are many times slower), whose output tools/wine/tests.awk
# judges, letting only the failures that wine 8 itself causes pass (the
# log in CROSS_OUT/windows-tests.log); and each build plays CROSS_ROUNDS
# rounds of two games against the native one with fastchess
# (FASTCHESS=path) at CROSS_LIMIT, one game at a time, noob_2moves
# openings. Between the two, the nnue benchmarks (CROSS_BENCHTIME each)
# compare the NEON kernels with the Go ones under QEMU: emulated figures,
# which say that NEON is used, not how fast ARM hardware is. The target
# fails unless every game was played and ended on
# the board or by adjudication (not by a crash, a stall, the clock or an
# illegal move: the PGN's Termination tag). Binaries, logs and games go
# to CROSS_OUT; each step's wall time is printed. WINE runs in a prefix
# of its own under CROSS_OUT, made without wine's .NET and HTML engines
# (mscoree, mshtml, which it would offer to download); where that wine
# has no bcryptprimitives.dll, which Go's Windows programs load at start
# (Debian 12's wine 8.0 has none), tools/wine's stand-in is built into
# the prefix with MINGW_CC.
QEMU ?= qemu-aarch64
WINE ?= wine
MINGW_CC ?= x86_64-w64-mingw32-gcc
CROSS_OUT ?= cross-results
CROSS_WINEPREFIX = $(abspath $(CROSS_OUT))/wineprefix
CROSS_ROUNDS ?= 5
CROSS_LIMIT ?= nodes=20000
CROSS_TESTFLAGS ?= -short -timeout 3h
CROSS_BENCHTIME ?= 0.2s
# How long fastchess waits for an emulated engine's uciok (its default,
# 10 s, is less than wine takes to start on a loaded machine).
CROSS_STARTUP_MS ?= 60000
# The nnue benchmarks' ref (Go) and simd (NEON) runs side by side.
CROSS_NEON_TABLE = '$$1 ~ /^Benchmark.*\/(ref|simd)(-[0-9]+)?$$/ { n = $$1; sub(/-[0-9]+$$/, "", n); k = n; \
	sub(/\/(ref|simd)$$/, "", k); sub(/^Benchmark/, "", k); if (n ~ /\/ref$$/) ref[k] = $$3; else neon[k] = $$3 } \
	END { for (k in ref) if (k in neon) printf "  %-20s Go %9.0f ns/op  NEON %9.0f ns/op  %4.1f times as fast\n", k, ref[k], neon[k], ref[k] / neon[k] }'
# Each package's line of a `go test -v` log with the count of its
# top-level tests that passed, were skipped and failed; failures and
# panics shown as they are.
CROSS_TEST_COUNTS = '/^--- PASS: / { p++ } /^--- SKIP: / { k++ } /^--- FAIL: |^panic: / { f++; print } \
	/^(ok|FAIL)[ \t]/ { printf "%s: %d tests passed, %d skipped, %d failed\n", $$0, p, k, f; p = k = f = 0 }'
CROSS_MATCH = $(FASTCHESS) -engine cmd=$(CROSS_OUT)/brudno-native name=native -engine $(1) \
	-each $(CROSS_LIMIT) option.Threads=1 option.Hash=16 \
	-openings file=$(SHARED)/books/noob_2moves.epd format=epd order=random -repeat \
	-rounds $(CROSS_ROUNDS) -games 2 -concurrency 1 -recover -startup-ms $(CROSS_STARTUP_MS) -config outname=$(CROSS_OUT)/fastchess.json
CROSS_GAMES = g=$$(grep -c '^\[Result ' $(1)); f=$$(grep '^\[Termination ' $(1) | grep -vc -e '"normal"' -e '"adjudication"'); \
	echo "$(1): $$g games of $$(( 2 * $(CROSS_ROUNDS) )), $$f ended by a fault"; test "$$g" -eq $$(( 2 * $(CROSS_ROUNDS) )) -a "$$f" -eq 0
cross-check:
	@test -n "$(FASTCHESS)" || { echo "cross-check: set FASTCHESS=path/to/fastchess"; exit 2; }
	@for t in $(QEMU) $(WINE); do command -v $$t >/dev/null || { echo "cross-check: no $$t (Debian: apt-get install qemu-user wine)"; exit 2; }; done
	mkdir -p $(CROSS_OUT)
	CGO_ENABLED=0 $(GO) build $(BUILDFLAGS) -o $(CROSS_OUT)/brudno-native .
	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 $(GO) build $(BUILDFLAGS) -o $(CROSS_OUT)/brudno-arm64 .
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) build $(BUILDFLAGS) -o $(CROSS_OUT)/brudno.exe .
	WINEPREFIX=$(CROSS_WINEPREFIX) WINEDLLOVERRIDES=mscoree,mshtml= WINEDEBUG=-all $(WINE) wineboot -u
	@d=$(CROSS_WINEPREFIX)/drive_c/windows/system32; test -e $$d/bcryptprimitives.dll || { \
		command -v $(MINGW_CC) >/dev/null || { echo "cross-check: this wine has no bcryptprimitives.dll; install $(MINGW_CC) (Debian: apt-get install gcc-mingw-w64-x86-64) to build tools/wine's"; exit 2; }; \
		echo "$(MINGW_CC) -shared -O2 -o $$d/bcryptprimitives.dll tools/wine/bcryptprimitives.c -ladvapi32"; \
		$(MINGW_CC) -shared -O2 -o $$d/bcryptprimitives.dll tools/wine/bcryptprimitives.c -ladvapi32; }
	@cd $(CROSS_OUT) && s=$$(date +%s) && n=$$(./brudno-native bench 2>&1 | tail -n 1) && \
	echo "native:        $$n ($$(( $$(date +%s) - s )) s)" && s=$$(date +%s) && \
	a=$$($(QEMU) ./brudno-arm64 bench 2>&1 | tail -n 1) && \
	echo "linux/arm64:   $$a ($$(( $$(date +%s) - s )) s, $(QEMU))" && s=$$(date +%s) && \
	w=$$(WINEPREFIX=$(CROSS_WINEPREFIX) WINEDEBUG=-all $(WINE) ./brudno.exe bench 2>wine-bench.log | tr -d '\r' | tail -n 1) && \
	echo "windows/amd64: $$w ($$(( $$(date +%s) - s )) s, $(WINE))" && \
	test "$${a%% *}" = "$${n%% *}" -a "$${w%% *}" = "$${n%% *}" || { echo "cross-check: the node counts differ"; exit 1; }
	s=$$(date +%s); GOARCH=arm64 CGO_ENABLED=0 $(GO) test -count=1 -v $(CROSS_TESTFLAGS) -exec $(QEMU) ./board ./nnue ./syzygy \
		> $(CROSS_OUT)/arm64-tests.log 2>&1; r=$$?; awk $(CROSS_TEST_COUNTS) $(CROSS_OUT)/arm64-tests.log; \
		echo "linux/arm64 tests: $$(( $$(date +%s) - s )) s, each test named in $(CROSS_OUT)/arm64-tests.log"; exit $$r
	s=$$(date +%s); GOARCH=arm64 CGO_ENABLED=0 $(GO) test -count=1 -run '^$$' -bench '^Benchmark(Update|Output|EvaluatorMove)$$' \
		-benchtime $(CROSS_BENCHTIME) -exec $(QEMU) ./nnue > $(CROSS_OUT)/neon-bench.log 2>&1; r=$$?; \
		echo "NEON kernels against Go, both EMULATED by $(QEMU) on this machine (not the speed of ARM hardware):"; \
		awk $(CROSS_NEON_TABLE) $(CROSS_OUT)/neon-bench.log | sort; \
		echo "linux/arm64 NEON benchmarks (emulated): $$(( $$(date +%s) - s )) s"; exit $$r
	s=$$(date +%s); export WINEPREFIX=$(CROSS_WINEPREFIX) WINEDEBUG=-all GOOS=windows GOARCH=amd64 CGO_ENABLED=0; \
		{ $(GO) test -count=1 $(CROSS_TESTFLAGS) -exec $(WINE) ./syzygy ./engine; \
		$(GO) test -count=1 -exec $(WINE) -run TestTable ./search; } > $(CROSS_OUT)/windows-tests.log 2>&1; \
		grep -E '^(ok|FAIL|---|panic)' $(CROSS_OUT)/windows-tests.log | tr -d '\r'; \
		awk -v want=3 -f tools/wine/tests.awk $(CROSS_OUT)/windows-tests.log; r=$$?; \
		echo "windows/amd64 tests: $$(( $$(date +%s) - s )) s"; exit $$r
	rm -f $(CROSS_OUT)/arm64.pgn $(CROSS_OUT)/windows.pgn
	s=$$(date +%s); $(call CROSS_MATCH,cmd=$(QEMU) args=$(CROSS_OUT)/brudno-arm64 name=arm64) \
		-pgnout file=$(CROSS_OUT)/arm64.pgn > $(CROSS_OUT)/arm64.log 2>&1; r=$$?; \
		tail -n 12 $(CROSS_OUT)/arm64.log; echo "arm64 match: $$(( $$(date +%s) - s )) s"; test $$r -eq 0 || exit $$r; $(call CROSS_GAMES,$(CROSS_OUT)/arm64.pgn)
	s=$$(date +%s); WINEPREFIX=$(CROSS_WINEPREFIX) WINEDEBUG=-all $(call CROSS_MATCH,cmd=$(WINE) args=$(CROSS_OUT)/brudno.exe name=windows) \
		-pgnout file=$(CROSS_OUT)/windows.pgn > $(CROSS_OUT)/windows.log 2>&1; r=$$?; \
		tail -n 12 $(CROSS_OUT)/windows.log; echo "windows match: $$(( $$(date +%s) - s )) s"; test $$r -eq 0 || exit $$r; $(call CROSS_GAMES,$(CROSS_OUT)/windows.pgn)

test-race:
	$(GO) test -race ./...

bench: build
	./$(EXE) bench

# The published perft suites in ../shared/suites, every count checked.
perft-suite: build
	./$(EXE) perft -suite $(SHARED)/suites/perftsuite.epd
	./$(EXE) perft -suite $(SHARED)/suites/perft-whittington.epd -maxnodes 200000000

# EPD test suites from ../shared/suites (not part of the repository), at
# EPD_MOVETIME ms per position; the last line is the summary.
EPD_MOVETIME ?= 200
wac bk: build
	@f=$(SHARED)/suites/$@.epd; \
	if [ -f $$f ]; then ./$(EXE) epd $$f -movetime $(EPD_MOVETIME); \
	else echo "$@: $$f not found; put the suite there or run ./$(EXE) epd FILE -movetime $(EPD_MOVETIME)"; exit 1; fi

# perft 6 from the start position, Brudno beside dragontoothmg in one run
# (bulk counting and make/unmake at every node), five runs each.
perft-speed:
	$(GO) test ./board -run XXX -bench Perft -benchtime 1x -count 5 -args -perftdepth 6

FUZZTIME ?= 30s
fuzz:
	$(GO) test ./board -run XXX -fuzz FuzzParseFEN -fuzztime $(FUZZTIME)
	$(GO) test ./board -run XXX -fuzz FuzzParseMove -fuzztime $(FUZZTIME)
	$(GO) test ./uci -run XXX -fuzz FuzzHandle -fuzztime $(FUZZTIME)
	$(GO) test ./testpositions -run XXX -fuzz FuzzReadEPD -fuzztime $(FUZZTIME)
	$(GO) test ./testpositions -run XXX -fuzz FuzzDecodeSAN -fuzztime $(FUZZTIME)
	$(GO) test ./book -run XXX -fuzz FuzzParse -fuzztime $(FUZZTIME)
	$(GO) test ./book -run XXX -fuzz FuzzBuildFromPGN -fuzztime $(FUZZTIME)
	$(GO) test ./nnue/data -run XXX -fuzz FuzzDecode -fuzztime $(FUZZTIME)
	$(GO) test ./nnue -run XXX -fuzz FuzzLoad -fuzztime $(FUZZTIME)
	$(GO) test ./syzygy -run XXX -fuzz FuzzTableFile -fuzztime $(FUZZTIME)
	$(GO) test ./uci -run XXX -fuzz FuzzProtocol -fuzztime $(FUZZTIME)
	$(GO) test ./cli -run XXX -fuzz FuzzPGNGameRecords -fuzztime $(FUZZTIME)

# The stateful protocol fuzzer (uci/ucifuzz) for PROTOFUZZ_TIME against the
# engine facade, then as long against the binary over pipes: random
# sequences of every command, checked for one legal bestmove per go and
# a readyok per isready; the figures are in each test's last log line.
PROTOFUZZ_TIME ?= 5m
fuzz-protocol:
	PROTOFUZZ_TIME=$(PROTOFUZZ_TIME) $(GO) test -count=1 -timeout 0 -v -run TestProtocolSequences ./uci | grep -E 'facade:|seed|^(---|ok|FAIL)'
	PROTOFUZZ_TIME=$(PROTOFUZZ_TIME) $(GO) test -count=1 -timeout 0 -v -run TestProtocolSequencesBinary ./integration | grep -E 'binary:|seed|^(---|ok|FAIL)'

# Evaluation tuning. `make tune` regenerates the weights from scratch:
# datagen plays DATAGEN_GAMES self-play games at DATAGEN_NODES nodes per
# move from the noob_2moves openings and writes their quiet positions to
# TUNE_DATA (`FEN [result]` lines, not committed; about 75 minutes on 2
# cores); tune-fit fits the weights to TUNE_DATA with the Texel tuner,
# starting from the hand-set weights (TUNE_START=initial; `default` goes on
# from the current ones), rewrites eval/weights_tuned.go and rebuilds
# (about 3 minutes). `make tune-fit` alone refits existing data; several
# files can be named: TUNE_DATA="a.txt b.txt".
DATAGEN_GAMES ?= 20000
DATAGEN_NODES ?= 5000
DATAGEN_THREADS ?= 2
TUNE_DATA ?= tune-data.txt
TUNE_START ?= initial
TUNE_EPOCHS ?= 1000
TUNE_FLAGS ?=

datagen: build
	./$(EXE) datagen -book $(SHARED)/books/noob_2moves.epd -games $(DATAGEN_GAMES) -nodes $(DATAGEN_NODES) -threads $(DATAGEN_THREADS) -out $(TUNE_DATA)

tune-fit: build
	./$(EXE) tune -start $(TUNE_START) -epochs $(TUNE_EPOCHS) $(TUNE_FLAGS) -out eval/weights_tuned.go $(TUNE_DATA)
	$(GO) build $(BUILDFLAGS) -o $(EXE) .

tune: datagen
	$(MAKE) tune-fit

# NNUE training data (docs/nnue-data.md): self-play games at NNUE_NODES
# nodes per move from the noob_2moves openings plus NNUE_RANDOM_PLIES
# random plies; every position not in check whose best move is no capture
# or promotion is written as a 32-byte record (position, search score,
# result) to NNUE_DATA (under data/, not committed). It runs for
# NNUE_GAMES games, in effect until stopped: Ctrl-C finishes the games in
# progress, flushes and stops; running it again appends to the file with
# new games (the next game number is kept in NNUE_DATA.games). `./$(EXE)
# datagen-info $(NNUE_DATA)` summarises the data. NNUE_FLAGS passes more
# datagen flags: NNUE_FLAGS="-nnue net.nnue" plays the games with a network
# (the next generation's data; give it its own NNUE_DATA). 2,500 nodes:
# twice the positions an hour of 5,000, and measured the better data for
# the same time (docs/results/nnue-data.md, "What a lower node count
# costs").
NNUE_NODES ?= 2500
NNUE_DATA ?= data/nnue/brudno-$(NNUE_NODES)n.bin
NNUE_FLAGS ?=
NNUE_GAMES ?= 1000000
NNUE_RANDOM_PLIES ?= 4
nnue-data: build
	mkdir -p $(dir $(NNUE_DATA))
	./$(EXE) datagen -format bin -append -book $(SHARED)/books/noob_2moves.epd -random-plies $(NNUE_RANDOM_PLIES) -nodes $(NNUE_NODES) -threads $(DATAGEN_THREADS) -games $(NNUE_GAMES) $(NNUE_FLAGS) -out $(NNUE_DATA)

# Data that never stops (docs/nnue-data.md): data-start starts the
# NNUE data generation above in the background with the network DATA_NET
# (the embedded default), appending to DATA_DIR/net-ID-NODESn-sSEED-TAG.bin,
# ID the network's SHA-256 prefix; data-pause and data-resume stop and
# restart it (SIGSTOP/SIGCONT) around a match; data-stop ends it cleanly;
# data-status shows it and the files. `tools/datagen/datagen.sh paused
# CMD...` runs a command with it paused. DATA_960=1 plays Chess960 games
# into DATA_DIR/net-ID-NODESn-sSEED-TAG-960.bin. DATA_FLAGS, DATA_SYZYGY
# and DATA_TAG are the recipe (below); DATA_PRIORITY the nice value of
# datagen's scheduling group.
DATA_DIR ?= $(HOME)/brudno-data
DATA_SEED ?= 1
DATA_NET ?= engine/nets/default.nnue
DATA_960 ?= 0
DATA_PRIORITY ?= -15
# The recipe of the fifth generation's data (docs/results/nnue-data.md,
# "Which settings give the most per core-hour"): games adjudicated by the
# 3-4-piece tables and resigned at 600 centipawns for 4 plies; files tagged
# -adj.
DATA_FLAGS ?= -resign-score 600 -resign-plies 4
DATA_SYZYGY ?= $(SHARED)/syzygy
DATA_TAG ?= adj
DATA_ENV = EXE=./$(EXE) NET=$(DATA_NET) DATA_DIR=$(DATA_DIR) NNUE_NODES=$(NNUE_NODES) DATA_SEED=$(DATA_SEED) \
	DATAGEN_THREADS=$(DATAGEN_THREADS) BOOK=$(SHARED)/books/noob_2moves.epd NNUE_RANDOM_PLIES=$(NNUE_RANDOM_PLIES) CHESS960=$(DATA_960) \
	DATA_PRIORITY=$(DATA_PRIORITY) DATA_FLAGS="$(DATA_FLAGS)" DATA_SYZYGY=$(DATA_SYZYGY) DATA_TAG=$(DATA_TAG)
data-start: build
	$(DATA_ENV) tools/datagen/datagen.sh start
data-pause data-resume data-stop data-status:
	@$(DATA_ENV) tools/datagen/datagen.sh $(@:data-%=%)

# One chunk of the fifth network's data trained into the candidates in
# nets/ (docs/nnue-data.md, step 10): `make net-chunk CHUNK=K CHUNK_STD=N
# CHUNK_960=N` cuts the files of seeds 28+2K and 29+2K at those record
# counts and trains each of CHUNK_NETS from its network of the chunk
# before; the work goes to DATA_DIR/chunkK. About 8 minutes of both cores
# for 9 M positions.
CHUNK_NETS ?= ft-256 w-512 d-256 d-512
net-chunk: build
	EXE=./$(EXE) DATA_NET=$(DATA_NET) DATA_DIR=$(DATA_DIR) NNUE_NODES=$(NNUE_NODES) DATA_TAG=$(DATA_TAG) \
		tools/datagen/chunk.sh "$(CHUNK)" "$(CHUNK_STD)" "$(CHUNK_960)" $(CHUNK_NETS)

# The joint candidates (docs/nnue-data.md, step 10): `make net-joint
# CHUNK=K` trains each of JOINT_NETS from the default network on the cut
# files of chunks 1 to K at once (DATA_DIR/chunk1 ... chunkK, as net-chunk
# left them), JOINT_EPOCHS epochs; the work goes to DATA_DIR/jointK-eN
# (N the epochs), and nets/ is replaced when all have finished. About 25
# minutes of both cores for 29 M positions at 16 epochs.
JOINT_NETS ?= j-256 j-512
JOINT_EPOCHS ?= 16
net-joint: build
	EXE=./$(EXE) DATA_NET=$(DATA_NET) DATA_DIR=$(DATA_DIR) EPOCHS=$(JOINT_EPOCHS) tools/datagen/joint.sh "$(CHUNK)" $(JOINT_NETS)

# The candidates in games (docs/nnue-data.md, step 11): each of PICK_NETS
# (nets/NAME.nnue, loaded by EvalFile) against the embedded network, the
# same binary on both sides, PICK_NODES nodes a move, Hash 16, PICK_ROUNDS
# rounds of two games (both colours of a noob_2moves opening drawn by
# PICK_SEED), two games at a time. Fixed nodes leave the larger networks'
# cost out: this picks by what a network knows, and the SPRT at 8+0.08
# then judges it with its speed. PICK_NETS: the chunk candidates and
# the joint ones. FASTCHESS=path is required. Each
# candidate's log, games and fastchess state go to PICK_OUT; with
# PICK_RESUME=1 the same command goes on from the saved states (a
# candidate without one starts afresh). About 4 minutes of both cores for
# 400 games at 10,000 nodes, so some 40 minutes for the default 600
# games of each of the six.
PICK_NODES ?= 10000
PICK_ROUNDS ?= 300
PICK_SEED ?= 6511
PICK_OUT ?= pick-results
PICK_RESUME ?=
PICK_NETS ?= $(CHUNK_NETS) $(JOINT_NETS)
net-pick: build
	@test -n "$(FASTCHESS)" || { echo "net-pick: set FASTCHESS=path/to/fastchess"; exit 2; }
	@for n in $(PICK_NETS); do test -f nets/$$n.nnue || { echo "net-pick: no nets/$$n.nnue"; exit 2; }; done
	mkdir -p $(PICK_OUT)
	for n in $(PICK_NETS); do \
		if [ -n "$(PICK_RESUME)" ] && [ -f $(PICK_OUT)/state-$$n.json ]; then \
			$(FASTCHESS) -config file=$(PICK_OUT)/state-$$n.json outname=$(PICK_OUT)/state-$$n.json \
				>> $(PICK_OUT)/pick-$$n.log 2>&1 || exit 1; \
		else \
			$(FASTCHESS) -engine cmd=./$(EXE) name=$$n option.EvalFile=$(CURDIR)/nets/$$n.nnue \
				-engine cmd=./$(EXE) name=default \
				-each nodes=$(PICK_NODES) tc=inf option.Threads=1 option.Hash=16 \
				-openings file=$(SHARED)/books/noob_2moves.epd format=epd order=random -srand $(PICK_SEED) -repeat \
				-rounds $(PICK_ROUNDS) -games 2 -concurrency 2 -recover \
				-config outname=$(PICK_OUT)/state-$$n.json -pgnout file=$(PICK_OUT)/pick-$$n.pgn \
				>> $(PICK_OUT)/pick-$$n.log 2>&1 || exit 1; \
		fi; \
		grep -A 4 '^Results of' $(PICK_OUT)/pick-$$n.log | tail -n 5; \
	done

# The pick's proof (docs/nnue-data.md, step 12): SPRT_NET (a network file,
# loaded by EvalFile) against the embedded network, the same binary on
# both sides, at SPRT_TC (8+0.08), one thread, Hash 32, Move Overhead 100,
# noob_2moves openings drawn by SPRT_SEED with both colours, two games at
# a time, a logistic SPRT [SPRT_ELO0, SPRT_ELO1] (0, 10) at alpha = beta =
# 0.05. Its log, games and fastchess state go to SPRT_OUT; with
# SPRT_RESUME=1 the same command goes on from the saved state. A clock's
# games need both cores to themselves: stop datagen first. FASTCHESS=path
# and SPRT_NET=file are required. At 8+0.08 two cores play about 280
# games an hour.
SPRT_NET ?=
SPRT_TC ?= 8+0.08
SPRT_SEED ?= 6601
SPRT_ELO0 ?= 0
SPRT_ELO1 ?= 10
SPRT_OUT ?= sprt-results
SPRT_RESUME ?=
net-sprt: build
	@test -n "$(FASTCHESS)" || { echo "net-sprt: set FASTCHESS=path/to/fastchess"; exit 2; }
	@test -n "$(SPRT_NET)" || { echo "net-sprt: set SPRT_NET=path/to/net.nnue"; exit 2; }
	@test -f "$(SPRT_NET)" || { echo "net-sprt: no $(SPRT_NET)"; exit 2; }
	mkdir -p $(SPRT_OUT)
	if [ -n "$(SPRT_RESUME)" ] && [ -f $(SPRT_OUT)/state.json ]; then \
		$(FASTCHESS) -config file=$(SPRT_OUT)/state.json outname=$(SPRT_OUT)/state.json >> $(SPRT_OUT)/sprt.log 2>&1 || exit 1; \
	else \
		$(FASTCHESS) -engine cmd=./$(EXE) name=$(basename $(notdir $(SPRT_NET))) option.EvalFile=$(abspath $(SPRT_NET)) \
			-engine cmd=./$(EXE) name=default \
			-each tc=$(SPRT_TC) option.Threads=1 option.Hash=32 "option.Move Overhead=100" \
			-openings file=$(SHARED)/books/noob_2moves.epd format=epd order=random -srand $(SPRT_SEED) -repeat \
			-rounds 50000 -games 2 -concurrency 2 -recover \
			-sprt elo0=$(SPRT_ELO0) elo1=$(SPRT_ELO1) alpha=0.05 beta=0.05 model=logistic \
			-config outname=$(SPRT_OUT)/state.json -pgnout file=$(SPRT_OUT)/sprt.pgn \
			>> $(SPRT_OUT)/sprt.log 2>&1 || exit 1; \
	fi
	grep -A 5 '^Results of' $(SPRT_OUT)/sprt.log | tail -n 6

# The embedded default network (engine/nets/default.nnue, engine/nets/README.md):
# `brudno train` on NET_DATA (by default the third generation's seven
# files in DATA_DIR: games of the second network's engine, the seed-5 file
# cut as docs/nnue-data.md says), with NET_HIDDEN neurons for NET_EPOCHS
# epochs and NET_FLAGS (by default the mirror, 8 output buckets, the
# learning rate x0.1 after 25 epochs and 2 threads: the third network's
# recipe, docs/results/nnue-training.md); the checkpoint goes to
# NET_CKPT, outside the embedded folder. NET_INIT=FILE starts from that
# network's weights (`train -init`, fine-tuning) instead of random ones:
# the committed (fourth) network is the third fine-tuned so,
# docs/nnue-data.md step 8; a NET_HIDDEN above that network's widens it.
# The binary is rebuilt to embed the new network. Minutes to an hour, by
# the size of the data.
NET_DATA ?= $(DATA_DIR)/net-a8aadde048d5-2500n-s5-cut.bin $(foreach s,7 8 9 10 11 12,$(DATA_DIR)/net-a8aadde048d5-2500n-s$(s).bin)
NET_HIDDEN ?= 256
NET_EPOCHS ?= 30
NET_FLAGS ?= -mirror -buckets 8 -lr-drop 25 -threads 2
NET_CKPT ?= data/nnue/default.ckpt
NET_INIT ?=
net: build
	@for f in $(NET_DATA); do test -f $$f || { echo "net: no $$f: make it as docs/nnue-data.md says, or set NET_DATA"; exit 2; }; done
	mkdir -p $(dir $(NET_CKPT))
	./$(EXE) train -out engine/nets/default.nnue -checkpoint $(NET_CKPT) -hidden $(NET_HIDDEN) -epochs $(NET_EPOCHS) $(if $(NET_INIT),-init $(NET_INIT)) $(NET_FLAGS) $(NET_DATA)
	$(MAKE) build

# The embedded default book, book/default.bin, from Brudno's own analysis:
# every position up to BOOK_PLIES plies from the start is searched to
# BOOK_DEPTH with BOOK_WIDTH principal variations, and the moves within
# BOOK_MARGIN centipawns of the best enter the book (about 45 KB, two to
# three minutes on 2 cores). The binary is rebuilt to embed the new book.
BOOK_PLIES ?= 8
BOOK_WIDTH ?= 3
BOOK_MARGIN ?= 20
BOOK_DEPTH ?= 10
book: build
	./$(EXE) book analyse -out book/default.bin -plies $(BOOK_PLIES) -width $(BOOK_WIDTH) -margin $(BOOK_MARGIN) -depth $(BOOK_DEPTH)
	$(GO) build $(BUILDFLAGS) -o $(EXE) .

clean:
	rm -f $(EXE)
	rm -rf pgo-work

# The laboratory's experiments as the papers ran them (docs/search-lab.md;
# their tables in docs/results/lab-search.md: "MTD(f) against PVS", "ETC as
# the paper has it", "The minimal graph"), on
# the Bratko-Kopec positions, one thread: MTD(f) against PVS at depths 2-9
# with one- and two-bound entries (16 MB, LAB_BIGHASH MB, without ETC, and
# with evaluations rounded to LAB_GRAIN centipawns), ETC with its
# restrictions lifted at depths 8-9 (16 MB, LAB_BIGHASH MB, LAB_BIGHASH MB
# of two-bound entries), and the minimal graph (LFMG at depths 4-8 with
# ARMG(2), ARMG(3) at 4-6) with each configuration's nodes over it. Each
# table goes to LAB_OUT/NAME.md, its plots to LAB_OUT/lab-*.svg and its
# progress to NAME.log; a cell predicted (from the depth before) to take
# more than LAB_MAXTIME is skipped (at the default, ARMG(2) at depth 8,
# predicted at two hours and more). Many hours in all.
LAB_OUT ?= lab-results
LAB_EPD ?= $(SHARED)/suites/bk.epd
LAB_MAXTIME ?= 3600s
LAB_BIGHASH ?= 256
LAB_GRAIN ?= 64
lab-mtd: build
	mkdir -p $(LAB_OUT)
	./$(EXE) lab -set mtd -epd $(LAB_EPD) -depths 2-9 -maxtime $(LAB_MAXTIME) -plot $(LAB_OUT) > $(LAB_OUT)/mtd-16mb.md 2> $(LAB_OUT)/mtd-16mb.log
	./$(EXE) lab -set mtd -epd $(LAB_EPD) -depths 2-9 -maxtime $(LAB_MAXTIME) -plot $(LAB_OUT) -hash $(LAB_BIGHASH) > $(LAB_OUT)/mtd-$(LAB_BIGHASH)mb.md 2> $(LAB_OUT)/mtd-$(LAB_BIGHASH)mb.log
	./$(EXE) lab -set mtd -etc=false -epd $(LAB_EPD) -depths 2-9 -maxtime $(LAB_MAXTIME) -plot $(LAB_OUT) -hash $(LAB_BIGHASH) > $(LAB_OUT)/mtd-$(LAB_BIGHASH)mb-noetc.md 2> $(LAB_OUT)/mtd-$(LAB_BIGHASH)mb-noetc.log
	./$(EXE) lab -set mtd -grain $(LAB_GRAIN) -epd $(LAB_EPD) -depths 2-9 -maxtime $(LAB_MAXTIME) -plot $(LAB_OUT) > $(LAB_OUT)/mtd-16mb-grain$(LAB_GRAIN).md 2> $(LAB_OUT)/mtd-16mb-grain$(LAB_GRAIN).log
	./$(EXE) lab -set etc -epd $(LAB_EPD) -depths 8-9 -maxtime $(LAB_MAXTIME) -plot $(LAB_OUT) > $(LAB_OUT)/etc-16mb.md 2> $(LAB_OUT)/etc-16mb.log
	./$(EXE) lab -set etc -epd $(LAB_EPD) -depths 8-9 -maxtime $(LAB_MAXTIME) -plot $(LAB_OUT) -hash $(LAB_BIGHASH) > $(LAB_OUT)/etc-$(LAB_BIGHASH)mb.md 2> $(LAB_OUT)/etc-$(LAB_BIGHASH)mb.log
	./$(EXE) lab -set etc -two -epd $(LAB_EPD) -depths 8-9 -maxtime $(LAB_MAXTIME) -plot $(LAB_OUT) -hash $(LAB_BIGHASH) > $(LAB_OUT)/etc-$(LAB_BIGHASH)mb-two.md 2> $(LAB_OUT)/etc-$(LAB_BIGHASH)mb-two.log
	./$(EXE) lab -minimal -armg 2 -epd $(LAB_EPD) -depths 4-8 -maxtime $(LAB_MAXTIME) -plot $(LAB_OUT) > $(LAB_OUT)/minimal-armg2.md 2> $(LAB_OUT)/minimal-armg2.log
	./$(EXE) lab -minimal -armg 3 -epd $(LAB_EPD) -depths 4-6 -maxtime $(LAB_MAXTIME) -plot $(LAB_OUT) > $(LAB_OUT)/minimal-armg3.md 2> $(LAB_OUT)/minimal-armg3.log

# Time losses under load (docs/reliability.md): Brudno against itself with
# fastchess (FASTCHESS=path, built from its public repository) at 1+0.01
# and 10+0.1, with as many games at once as cores and twice as many; one
# Markdown row per run: games, losses on time, largest overrun, illegal
# moves, disconnects, stalls.
TIMELOSS_GAMES ?= 100
TIMELOSS_TCS ?= 1+0.01 10+0.1
CORES := $(shell nproc 2>/dev/null || echo 2)
timeloss: build
	@test -n "$(FASTCHESS)" || { echo "timeloss: set FASTCHESS=path/to/fastchess"; exit 2; }
	@echo "| tc | concurrency | Move Overhead | games | on time | largest overrun | illegal | disconnects | stalls |"
	@echo "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
	@for tc in $(TIMELOSS_TCS); do for c in $(CORES) $$((2 * $(CORES))); do \
		$(GO) run ./tools/timeloss -engine ./$(EXE) -fastchess $(FASTCHESS) -book $(SHARED)/books/noob_2moves.epd \
			-tc $$tc -games $(TIMELOSS_GAMES) -concurrency $$c || exit 1; done; done

# The soak (docs/reliability.md, "The soak"): SOAK_GAMES games, SOAK_LANES
# at once, each batch of SOAK_BATCH games with options drawn at random and
# one engine process a side (tools/soak), against Brudno or SOAK_OPPONENT;
# SOAK_SYZYGY is set in half the batches when it exists. It resumes from SOAK_OUT/batches.jsonl; the report is
# SOAK_OUT/report.md, failing batches keep their PGN and logs there.
SOAK_GAMES ?= 2000
SOAK_LANES ?= $(CORES)
SOAK_SEED ?= 1
SOAK_BATCH ?= 2
SOAK_OUT ?= soak-results
SOAK_OPPONENT ?= $(wildcard $(ETHEREAL))
SOAK_SYZYGY ?= $(wildcard $(SHARED)/syzygy)
soak: build
	@test -n "$(FASTCHESS)" || { echo "soak: set FASTCHESS=path/to/fastchess"; exit 2; }
	mkdir -p $(SOAK_OUT)
	$(GO) build -o $(SOAK_OUT)/soak ./tools/soak
	cp $(EXE) $(SOAK_OUT)/brudno-soak
	$(SOAK_OUT)/soak -engine $(SOAK_OUT)/brudno-soak -fastchess $(FASTCHESS) -book $(SHARED)/books/noob_2moves.epd \
		-opponent "$(SOAK_OPPONENT)" -syzygy "$(SOAK_SYZYGY)" -games $(SOAK_GAMES) -lanes $(SOAK_LANES) \
		-seed $(SOAK_SEED) -batch $(SOAK_BATCH) -out $(SOAK_OUT)

# Tablebases in play (docs/syzygy.md, "In play"): Brudno with SyzygyPath
# (TB_PATH) and Brudno without, each against ETHEREAL (Debian's
# ethereal-chess) in its own fastchess match, the two matches side by
# side with half the cores each, so that both meet the same openings in
# the same order under the same load: TB_ROUNDS openings of TB_OPENINGS
# (made by `brudno tb positions -n 100 DATA.bin > FILE`), both colours
# (TB_GAMES="-games 1": one game an opening, the colours alternating), at
# TB_TC; then `brudno tb games` counts, per player, the moves that spoilt
# a tablebase result. Games and logs go to TB_OUT.
TB_PATH ?= $(SHARED)/syzygy
TB_OUT ?= tb-results
TB_OPENINGS ?= $(TB_OUT)/tb-openings.epd
TB_ROUNDS ?= 100
TB_TC ?= 10+0.1
TB_GAMES ?= -repeat
ETHEREAL ?= /usr/games/ethereal-chess
TB_MATCH = $(FASTCHESS) -engine cmd=$(ETHEREAL) name=ethereal option.MoveOverhead=100 \
	-each proto=uci tc=$(TB_TC) option.Threads=1 option.Hash=32 \
	-openings file=$(TB_OPENINGS) format=epd order=sequential $(TB_GAMES) -rounds $(TB_ROUNDS) \
	-concurrency $$(( $(CORES) / 2 > 0 ? $(CORES) / 2 : 1 )) -recover
tb-match: build
	@test -n "$(FASTCHESS)" || { echo "tb-match: set FASTCHESS=path/to/fastchess"; exit 2; }
	@test -f $(TB_OPENINGS) || { echo "tb-match: no $(TB_OPENINGS); make it with ./$(EXE) tb positions -n $(TB_ROUNDS) DATA.bin > $(TB_OPENINGS)"; exit 2; }
	mkdir -p $(TB_OUT)
	cp $(EXE) $(TB_OUT)/brudno-tb
	$(TB_MATCH) -engine cmd=$(TB_OUT)/brudno-tb name=brudno-syzygy option.SyzygyPath=$(abspath $(TB_PATH)) "option.Move Overhead=100" \
		-pgnout file=$(TB_OUT)/syzygy.pgn > $(TB_OUT)/syzygy.log 2>&1 & \
	$(TB_MATCH) -engine cmd=$(TB_OUT)/brudno-tb name=brudno "option.Move Overhead=100" \
		-pgnout file=$(TB_OUT)/plain.pgn > $(TB_OUT)/plain.log 2>&1; wait
	tail -n 12 $(TB_OUT)/syzygy.log $(TB_OUT)/plain.log
	./$(EXE) tb games -path $(TB_PATH) $(TB_OUT)/syzygy.pgn
	./$(EXE) tb games -path $(TB_PATH) $(TB_OUT)/plain.pgn

# The calibration of UCI_Elo (docs/wdl-and-strength.md, "Calibrating the
# Elo scale"): Brudno with UCI_LimitStrength at each UCI_Elo of CAL_ELOS
# against Stockfish (STOCKFISH; Debian's package) limited to the same
# UCI_Elo, at CAL_TC, Stockfish's own calibration time control, for
# CAL_ROUNDS rounds of two games (both colours of an opening), as many
# games at once as cores and nothing else running: Stockfish's strength
# at a setting depends on its time. FASTCHESS=path is required. The log,
# the games and fastchess's state of each setting go to CAL_OUT; with
# CAL_RESUME=1 the same command goes on from the saved states (fastchess
# saves one every 20 games). About 200 games × 3 minutes / cores per
# setting at the defaults.
CAL_ELOS ?= 1350 1600 2000 2400 2650
CAL_TC ?= 60+0.6
CAL_ROUNDS ?= 100
CAL_OUT ?= calibrate-results
STOCKFISH ?= /usr/games/stockfish
CAL_RESUME ?=
# The match settings calibrate and calibrate-anchor share.
CAL_MATCH = -each tc=$(CAL_TC) option.Threads=1 option.Hash=16 \
	-openings file=$(SHARED)/books/noob_2moves.epd format=epd order=random -repeat \
	-rounds $(CAL_ROUNDS) -games 2 -concurrency $(CORES) -recover \
	-draw movenumber=40 movecount=8 score=10 -resign movecount=4 score=800
# Every setting of CAL_ELOS must be one Brudno accepts: a refused one would
# leave the match playing at the previous UCI_Elo without a word.
CAL_CHECK = @for elo in $(CAL_ELOS); do \
	r=$$(printf 'setoption name UCI_Elo value %s\nquit\n' "$$elo" | ./$(EXE)); \
	test -z "$$r" || { echo "$@: $$r"; exit 2; }; done
cal-check: build
	$(CAL_CHECK)

calibrate: build
	@test -n "$(FASTCHESS)" || { echo "calibrate: set FASTCHESS=path/to/fastchess"; exit 2; }
	$(CAL_CHECK)
	mkdir -p $(CAL_OUT)
	for elo in $(CAL_ELOS); do \
		$(FASTCHESS) $(if $(CAL_RESUME),-config file=$(CAL_OUT)/state-$$elo.json outname=$(CAL_OUT)/state-$$elo.json, \
			-engine cmd=./$(EXE) name=brudno-$$elo option.UCI_LimitStrength=true option.UCI_Elo=$$elo \
			-engine cmd=$(STOCKFISH) name=stockfish-$$elo option.UCI_LimitStrength=true option.UCI_Elo=$$elo \
			$(CAL_MATCH) \
			-config outname=$(CAL_OUT)/state-$$elo.json -pgnout file=$(CAL_OUT)/calibrate-$$elo.pgn) \
			>> $(CAL_OUT)/calibrate-$$elo.log 2>&1 || exit 1; \
		tail -n 12 $(CAL_OUT)/calibrate-$$elo.log; \
	done

# UCI_Elo's drift (docs/wdl-and-strength.md, "Keeping the scale true"):
# this build against REF, a build of the commit the scale was calibrated
# with (4985df2), both limited to the same UCI_Elo, for each setting of
# DRIFT_ELOS, DRIFT_ROUNDS rounds of two games at DRIFT_TC. Both sides
# stop at their node caps long before the clock binds, so the games cost
# what the caps cost and the result is the new build's drift at that
# setting, in Elo, which the points of strengthScale in
# engine/strength.go correct. FASTCHESS=path and REF=path are required;
# logs and games go to DRIFT_OUT. About an hour of both cores at the defaults.
DRIFT_ELOS ?= 1350 1600 2000 2200 2367 2524
DRIFT_TC ?= 60+0.6
DRIFT_ROUNDS ?= 25
DRIFT_OUT ?= drift-results
calibrate-drift: build
	@test -n "$(FASTCHESS)" || { echo "calibrate-drift: set FASTCHESS=path/to/fastchess"; exit 2; }
	@test -x "$(REF)" || { echo "calibrate-drift: set REF=path/to/the calibrated build (4985df2)"; exit 2; }
	@$(MAKE) --no-print-directory CAL_ELOS="$(DRIFT_ELOS)" cal-check
	mkdir -p $(DRIFT_OUT)
	for elo in $(DRIFT_ELOS); do \
		$(FASTCHESS) -engine cmd=./$(EXE) name=new-$$elo option.UCI_LimitStrength=true option.UCI_Elo=$$elo \
			-engine cmd=$(REF) name=ref-$$elo option.UCI_LimitStrength=true option.UCI_Elo=$$elo \
			-each tc=$(DRIFT_TC) option.Threads=1 option.Hash=16 \
			-openings file=$(SHARED)/books/noob_2moves.epd format=epd order=random -repeat \
			-rounds $(DRIFT_ROUNDS) -games 2 -concurrency $(CORES) -recover \
			-draw movenumber=40 movecount=8 score=10 -resign movecount=4 score=800 \
			-config outname=$(DRIFT_OUT)/state-$$elo.json -pgnout file=$(DRIFT_OUT)/drift-$$elo.pgn \
			> $(DRIFT_OUT)/drift-$$elo.log 2>&1 || exit 1; \
		grep -E "^Elo|^Games" $(DRIFT_OUT)/drift-$$elo.log | tail -n 2; \
	done

# A check of the calibration against a third engine (docs/wdl-and-strength.md,
# "Check against a Debian engine"): ANCHOR at full strength plays, at each
# UCI_Elo of CAL_ELOS, Brudno limited to it and then Stockfish limited to
# it, with calibrate's settings and the same openings (seed CAL_SEED); on a
# right scale both score alike. The logs and games go to CAL_OUT as
# anchor-NAME-SIDE-ELO.
ANCHOR ?= /usr/games/glaurung
ANCHOR_NAME ?= $(notdir $(ANCHOR))
CAL_SEED ?= 1
calibrate-anchor: build
	@test -n "$(FASTCHESS)" || { echo "calibrate-anchor: set FASTCHESS=path/to/fastchess"; exit 2; }
	$(CAL_CHECK)
	mkdir -p $(CAL_OUT)
	for elo in $(CAL_ELOS); do for side in ./$(EXE) $(STOCKFISH); do \
		name=$$(basename $$side)-$$elo; out=$(CAL_OUT)/anchor-$(ANCHOR_NAME)-$$name; \
		$(FASTCHESS) -engine cmd=$$side name=$$name option.UCI_LimitStrength=true option.UCI_Elo=$$elo \
			-engine cmd=$(ANCHOR) name=$(ANCHOR_NAME) \
			$(CAL_MATCH) -srand $(CAL_SEED) \
			-config outname=$$out.json -pgnout file=$$out.pgn >> $$out.log 2>&1 || exit 1; \
		tail -n 12 $$out.log; \
	done; done

# Threads against one thread in games (docs/search-lab.md, "Threads 2
# against Threads 1"): Brudno with SMP_THREADS threads and each parallel
# scheme of SMP_SCHEMES against the same binary with one thread, at SMP_TC,
# Hash 32 MB and Move Overhead 100 each, SMP_ROUNDS rounds of two games
# (both colours of an opening from noob_2moves), one game at a time so that
# the threads have the cores to themselves: nothing else should run.
# FASTCHESS=path is required. Each scheme's log, games and fastchess state
# go to SMP_OUT; with SMP_RESUME=1 the same command goes on from the saved
# states (fastchess saves one every 20 games). About 40 s a game at 10+0.1.
SMP_SCHEMES ?= LazySMP YBW
SMP_THREADS ?= 2
SMP_TC ?= 10+0.1
SMP_ROUNDS ?= 100
SMP_OUT ?= smp-results
SMP_RESUME ?=
smp-match: build
	@test -n "$(FASTCHESS)" || { echo "smp-match: set FASTCHESS=path/to/fastchess"; exit 2; }
	mkdir -p $(SMP_OUT)
	for s in $(SMP_SCHEMES); do \
		$(FASTCHESS) $(if $(SMP_RESUME),-config file=$(SMP_OUT)/state-$$s.json outname=$(SMP_OUT)/state-$$s.json, \
			-engine cmd=./$(EXE) name=brudno-$$s-t$(SMP_THREADS) option.Threads=$(SMP_THREADS) option.ParallelScheme=$$s \
			-engine cmd=./$(EXE) name=brudno-t1 option.Threads=1 \
			-each tc=$(SMP_TC) option.Hash=32 "option.Move Overhead=100" \
			-openings file=$(SHARED)/books/noob_2moves.epd format=epd order=random -repeat \
			-rounds $(SMP_ROUNDS) -games 2 -concurrency 1 -recover \
			-config outname=$(SMP_OUT)/state-$$s.json -pgnout file=$(SMP_OUT)/smp-$$s.pgn) \
			>> $(SMP_OUT)/smp-$$s.log 2>&1 || exit 1; \
		tail -n 12 $(SMP_OUT)/smp-$$s.log; \
	done

# OpenBench's own server and client on the loopback interface, running an
# SPRT, an SPSA tune and a DATAGEN workload of Brudno's commits
# (docs/openbench.md). OPENBENCH=path is a clone of AndyGrant/OpenBench;
# FASTCHESS=path a fastchess binary; the workspace is OB_WORK (outside the
# repository by default). Not part of `make test`: it takes half an hour.
openbench:
	@test -n "$(OPENBENCH)" || { echo "openbench: set OPENBENCH=path/to/OpenBench"; exit 2; }
	FASTCHESS=$(FASTCHESS) BOOK=$(SHARED)/books/noob_2moves.epd tools/openbench/run.sh $(OPENBENCH)
