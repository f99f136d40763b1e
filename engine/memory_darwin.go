package engine

import "syscall"

// sysctlUint reads an integer sysctl by name.
func sysctlUint(name string) (uint64, bool) {
	s, err := syscall.Sysctl(name)
	if err != nil {
		return 0, false
	}
	return sysctlInt(s)
}

// availableMemoryMB returns the free, purgeable and file-backed pages
// in MB, at most the whole memory; the whole memory when the page counts
// cannot be read; 0 if unknown.
func availableMemoryMB() int {
	total, ok := sysctlUint("hw.memsize")
	if !ok || total == 0 {
		return 0
	}
	var pages uint64
	for _, name := range []string{"vm.page_free_count", "vm.page_purgeable_count", "vm.page_pageable_external_count"} {
		n, ok := sysctlUint(name)
		if !ok {
			return int(total >> 20)
		}
		pages += n
	}
	pageSize, ok := sysctlUint("hw.pagesize")
	if !ok || pageSize == 0 {
		return int(total >> 20)
	}
	// The page counts are in the kernel's pages, 16 KB on Apple silicon;
	// hw.pagesize is that of the process's own memory, which may be 4 KB
	// for an Intel binary that Rosetta translates.
	if translated, ok := sysctlUint("sysctl.proc_translated"); ok && translated == 1 {
		pageSize = max(pageSize, 16384)
	}
	return pagesAvailableMB(pages, pageSize, total)
}
