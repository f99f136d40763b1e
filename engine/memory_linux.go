package engine

import "os"

// availableMemoryMB reads MemAvailable from /proc/meminfo; 0 if unknown.
func availableMemoryMB() int {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	return memInfoAvailableMB(f)
}
