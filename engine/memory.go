// The memory the Hash option may take. A table larger than 3/4 of the
// memory available is refused, so that a GUI's large default or a typo
// cannot push the machine into swapping (or the process into being
// killed) in the middle of a game. What "available" means is each
// system's own measure of the memory it can hand out without swapping
// (availableMemoryMB, in memory_OS.go):
//
//   - Linux: MemAvailable of /proc/meminfo.
//   - Windows: the available physical memory of GlobalMemoryStatusEx
//     (free, zeroed and standby pages).
//   - macOS: free, purgeable and file-backed (cache) pages, from sysctl
//     vm.page_free_count, vm.page_purgeable_count and
//     vm.page_pageable_external_count, times the kernel's page size, at
//     most hw.memsize; where the page counts cannot be read, hw.memsize,
//     so that only a table above 3/4 of the whole memory is refused.
//   - Elsewhere unknown: every size is allowed.
package engine

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// memInfoAvailableMB returns MemAvailable of a /proc/meminfo file in MB;
// 0 if it has none.
func memInfoAvailableMB(r io.Reader) int {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) >= 2 && fields[0] == "MemAvailable:" {
			kb, _ := strconv.Atoi(fields[1])
			return kb / 1024
		}
	}
	return 0
}

// sysctlInt decodes an integer read by syscall.Sysctl: the value's bytes,
// little-endian, 4 or 8 of them, less a last zero byte, which Sysctl
// drops as if it ended a string.
func sysctlInt(s string) (uint64, bool) {
	if len(s) > 8 {
		return 0, false
	}
	var v uint64
	for i := len(s) - 1; i >= 0; i-- {
		v = v<<8 | uint64(s[i])
	}
	return v, true
}

// pagesAvailableMB returns pages of pageSize bytes in MB, at most total
// bytes.
func pagesAvailableMB(pages, pageSize, total uint64) int {
	if pageSize != 0 && pages > total/pageSize {
		return int(total >> 20)
	}
	return int(pages * pageSize >> 20)
}
