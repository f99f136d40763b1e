# Judges the output of `go test` (without -v) of Windows test binaries run
# under wine, for make cross-check, from the repository's root. It exits 0
# when the `want` packages were all tested and every failure is one that
# wine 8 causes, not Brudno: t.TempDir's cleanup, "TempDir RemoveAll
# cleanup: ...: Invalid function.", as Go's os.RemoveAll deletes files
# through FileDispositionInformationEx, which wine 8 does not know.
#
# A failing test prints everything it logged, t.Log's lines among its
# t.Error's, in the same form, `file.go:LINE: message`. A line whose
# source line (file.go in the package's folder) calls Log or Logf is taken
# for a log; every other line of a failing test is a failure. Any such
# failure, a failing test without a message, a package that failed with
# no failing test (a crash, an exit), a panic, a build failure or a
# missing package exits 1. It prints what it counted.
#
#   awk -v want=3 -f tools/wine/tests.awk go-test-output.log

{ sub(/\r$/, "") }

/^[ \t]*--- FAIL: / {
	cur = $3; failed[cur] = 1; since++; pending[++np] = cur; kind = ""
	next
}
/^[ \t]*--- (PASS|SKIP): / { cur = ""; next }
/^ok[ \t]/ { pkgs[$2] = 1; done_pkg($2); next }
/^FAIL[ \t]/ {
	if ($0 ~ /\[(build|setup) failed\]/) { fatal = fatal "\n  " $0 }
	else if (!since) { fatal = fatal "\n  " $0 " (no test failed)" }
	pkgs[$2] = 1; done_pkg($2); next
}
/^(FAIL|PASS)$/ { cur = ""; next }
/TempDir RemoveAll cleanup: .*: Invalid function\.$/ {
	if (cur != "") cleanup[cur] = 1
	kind = ""
	next
}
/^panic: |^# |test timed out/ { fatal = fatal "\n  " $0 }
cur != "" && /^[ \t]+[^ \t]/ {
	# A new message starts with file.go:LINE; other lines continue the
	# last one and are judged with it.
	if (match($0, /^[ \t]+[A-Za-z0-9_.-]+\.go:[0-9]+: /)) {
		loc = substr($0, RSTART, RLENGTH); gsub(/^[ \t]+|: $/, "", loc)
		kind = "msg"; where[cur, ++nmsg[cur]] = loc
	}
	if (kind == "") { kind = "msg"; where[cur, ++nmsg[cur]] = "" }
	text[cur, nmsg[cur]] = text[cur, nmsg[cur]] "\n    " $0
	next
}

# done_pkg ends a package: its failing tests are read in its folder.
function done_pkg(pkg,   i, dir) {
	dir = pkg; if (!sub(/^[^\/]*\//, "", dir)) dir = "."
	for (i = 1; i <= np; i++) folder[pending[i]] = dir
	np = 0; cur = ""; since = 0
}

# is_log says whether loc, file.go:LINE in folder dir, is a Log or Logf
# call.
function is_log(dir, loc,   file, n, i, l, r) {
	if (loc == "") return 0
	file = loc; sub(/:[0-9]+$/, "", file)
	n = loc; sub(/^.*:/, "", n); n += 0
	r = 0; i = 0
	while ((getline l < (dir "/" file)) > 0)
		if (++i == n) { r = l ~ /\.Logf?\(/; break }
	close(dir "/" file)
	return r
}

END {
	n = 0; for (p in pkgs) n++
	bad = ""; wine = 0; logs = 0
	for (t in failed) {
		own = ""
		for (i = 1; i <= nmsg[t]; i++) {
			if (is_log(folder[t], where[t, i])) { logs++; continue }
			own = own text[t, i]
		}
		if (own != "") { bad = bad "\n  " t ":" own; continue }
		if (t in cleanup) { wine++; continue }
		child = 0
		for (u in failed) if (index(u, t "/") == 1) child = 1
		if (!child) bad = bad "\n  " t ": failed without a message"
	}
	printf "%d of %d packages tested; %d tests failed only on wine 8's TempDir cleanup; %d logged lines of failing tests passed over\n", n, want, wine, logs
	if (fatal != "") print "fatal:" fatal
	if (bad != "") print "failed:" bad
	exit (n != want || fatal != "" || bad != "")
}
