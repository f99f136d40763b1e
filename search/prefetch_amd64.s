//go:build amd64 && !purego

#include "textflag.h"

// func prefetch(addr unsafe.Pointer)
TEXT ·prefetch(SB), NOSPLIT, $0-8
	MOVQ addr+0(FP), AX
	PREFETCHT0 (AX)
	RET

// func prefetch4(a, b, c, d unsafe.Pointer)
TEXT ·prefetch4(SB), NOSPLIT, $0-32
	MOVQ a+0(FP), AX
	MOVQ b+8(FP), BX
	MOVQ c+16(FP), CX
	MOVQ d+24(FP), DX
	PREFETCHT0 (AX)
	PREFETCHT0 (BX)
	PREFETCHT0 (CX)
	PREFETCHT0 (DX)
	RET
