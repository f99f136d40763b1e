# Brudno build, test and measurement targets. `make` builds ./brudno;
# EXE=name overrides the output (as OpenBench passes it).
EXE ?= brudno
GO ?= go
SHARED ?= ../shared

.PHONY: all build run test test-race test-long bench perft-suite perft-speed fuzz clean

all: build

build:
	$(GO) build -o $(EXE) .

run: build
	./$(EXE)

# The default test run: vet, then every package's tests (a few minutes at most).
test:
	$(GO) vet ./...
	$(GO) test ./...

test-race:
	$(GO) test -race ./...

bench: build
	./$(EXE) bench

# The published perft suites in ../shared/suites, every count checked.
perft-suite: build
	./$(EXE) perft -suite $(SHARED)/suites/perftsuite.epd
	./$(EXE) perft -suite $(SHARED)/suites/perft-whittington.epd -maxnodes 200000000

# perft 6 from the start position, Brudno beside dragontoothmg in one run
# (bulk counting and make/unmake at every node), five runs each.
perft-speed:
	$(GO) test ./board -run XXX -bench Perft -benchtime 1x -count 5 -args -perftdepth 6

FUZZTIME ?= 30s
fuzz:
	$(GO) test ./board -run XXX -fuzz FuzzParseFEN -fuzztime $(FUZZTIME)
	$(GO) test ./board -run XXX -fuzz FuzzParseMove -fuzztime $(FUZZTIME)
	$(GO) test ./uci -run XXX -fuzz FuzzHandle -fuzztime $(FUZZTIME)

clean:
	rm -f $(EXE)
