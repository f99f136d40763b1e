//go:build amd64 && !purego

#include "textflag.h"

// func firstMaxAVX2(s *int32, n int) int
//
// The index of the first of the highest of s[0:n], n >= 8: the maximum
// over every lane (the last eight read again, overlapping, for a length
// not a multiple of 8), spread to all lanes, then the first group of
// eight holding it and the lowest lane of that group that does. The
// overlapping last group is reached only when no earlier group holds the
// maximum, so its lowest match is the first one.
TEXT ·firstMaxAVX2(SB), NOSPLIT, $0-24
	MOVQ s+0(FP), SI
	MOVQ n+8(FP), CX
	LEAQ -8(CX), R8           // where the last group starts
	VMOVDQU (SI), Y0
	MOVQ $8, DX

max_loop:
	CMPQ DX, R8
	JG max_tail
	VPMAXSD (SI)(DX*4), Y0, Y0
	ADDQ $8, DX
	JMP max_loop

max_tail:
	VPMAXSD (SI)(R8*4), Y0, Y0
	VPERM2I128 $1, Y0, Y0, Y1 // the halves swapped
	VPMAXSD Y1, Y0, Y0
	VPSHUFD $0x4E, Y0, Y1     // the 64-bit halves of each half swapped
	VPMAXSD Y1, Y0, Y0
	VPSHUFD $0xB1, Y0, Y1     // neighbouring lanes swapped
	VPMAXSD Y1, Y0, Y0        // the maximum in every lane
	XORQ DX, DX

find_loop:
	CMPQ DX, R8
	JG find_tail
	VPCMPEQD (SI)(DX*4), Y0, Y1
	VMOVMSKPS Y1, AX
	TESTL AX, AX
	JNZ found
	ADDQ $8, DX
	JMP find_loop

find_tail:
	MOVQ R8, DX
	VPCMPEQD (SI)(DX*4), Y0, Y1
	VMOVMSKPS Y1, AX

found:
	BSFL AX, AX
	ADDQ DX, AX
	MOVQ AX, ret+16(FP)
	VZEROUPPER
	RET
