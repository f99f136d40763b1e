//go:build arm64 && !purego

package nnue

import "testing"

// On arm64 the NEON kernels are always available and selected by default,
// so that the comparisons with the reference kernels elsewhere in the
// package's tests are not skipped.
func TestNEONSelected(t *testing.T) {
	if !HasSIMD() {
		t.Fatal("HasSIMD() is false on arm64")
	}
	if !SIMD() {
		t.Fatal("the NEON kernels are not selected by default")
	}
}
