//go:build arm64 && !purego

#include "textflag.h"

// NEON kernels for the nnue package. n is the number of int16 lanes, a
// multiple of 16. Each kernel processes 32 lanes (four 128-bit registers
// per operand) per iteration, then the 16 lanes left when n is an odd
// multiple of 16. LD1 and ST1 need no alignment. Lane sums wrap as int16,
// like the Go reference.
//
// Go's arm64 assembler has no mnemonic for some of the instructions used
// by screluDotNEON (SMAX, MUL and SMLAL/SMLAL2 on these arrangements), so
// those are written as WORD, each with the instruction it encodes.

// func addSubNEON(dst, src, a, s *int16, n int)
TEXT ·addSubNEON(SB), NOSPLIT, $0-40
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD a+16(FP), R2
	MOVD s+24(FP), R3
	MOVD n+32(FP), R4
	LSR  $5, R4, R5 // blocks of 32 lanes
	CBZ  R5, addSubNEON_tail

addSubNEON_loop:
	VLD1.P 64(R1), [V0.H8, V1.H8, V2.H8, V3.H8]
	VLD1.P 64(R2), [V4.H8, V5.H8, V6.H8, V7.H8]
	VLD1.P 64(R3), [V8.H8, V9.H8, V10.H8, V11.H8]
	VADD   V4.H8, V0.H8, V0.H8
	VADD   V5.H8, V1.H8, V1.H8
	VADD   V6.H8, V2.H8, V2.H8
	VADD   V7.H8, V3.H8, V3.H8
	VSUB   V8.H8, V0.H8, V0.H8
	VSUB   V9.H8, V1.H8, V1.H8
	VSUB   V10.H8, V2.H8, V2.H8
	VSUB   V11.H8, V3.H8, V3.H8
	VST1.P [V0.H8, V1.H8, V2.H8, V3.H8], 64(R0)
	SUBS   $1, R5, R5
	BNE    addSubNEON_loop

addSubNEON_tail:
	TBZ  $4, R4, addSubNEON_done // n&16: 16 lanes left
	VLD1 (R1), [V0.H8, V1.H8]
	VLD1 (R2), [V4.H8, V5.H8]
	VLD1 (R3), [V8.H8, V9.H8]
	VADD V4.H8, V0.H8, V0.H8
	VADD V5.H8, V1.H8, V1.H8
	VSUB V8.H8, V0.H8, V0.H8
	VSUB V9.H8, V1.H8, V1.H8
	VST1 [V0.H8, V1.H8], (R0)

addSubNEON_done:
	RET

// func addSub2NEON(dst, src, a, s1, s2 *int16, n int)
TEXT ·addSub2NEON(SB), NOSPLIT, $0-48
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD a+16(FP), R2
	MOVD s1+24(FP), R3
	MOVD s2+32(FP), R6
	MOVD n+40(FP), R4
	LSR  $5, R4, R5
	CBZ  R5, addSub2NEON_tail

addSub2NEON_loop:
	VLD1.P 64(R1), [V0.H8, V1.H8, V2.H8, V3.H8]
	VLD1.P 64(R2), [V4.H8, V5.H8, V6.H8, V7.H8]
	VLD1.P 64(R3), [V8.H8, V9.H8, V10.H8, V11.H8]
	VLD1.P 64(R6), [V12.H8, V13.H8, V14.H8, V15.H8]
	VADD   V4.H8, V0.H8, V0.H8
	VADD   V5.H8, V1.H8, V1.H8
	VADD   V6.H8, V2.H8, V2.H8
	VADD   V7.H8, V3.H8, V3.H8
	VSUB   V8.H8, V0.H8, V0.H8
	VSUB   V9.H8, V1.H8, V1.H8
	VSUB   V10.H8, V2.H8, V2.H8
	VSUB   V11.H8, V3.H8, V3.H8
	VSUB   V12.H8, V0.H8, V0.H8
	VSUB   V13.H8, V1.H8, V1.H8
	VSUB   V14.H8, V2.H8, V2.H8
	VSUB   V15.H8, V3.H8, V3.H8
	VST1.P [V0.H8, V1.H8, V2.H8, V3.H8], 64(R0)
	SUBS   $1, R5, R5
	BNE    addSub2NEON_loop

addSub2NEON_tail:
	TBZ  $4, R4, addSub2NEON_done
	VLD1 (R1), [V0.H8, V1.H8]
	VLD1 (R2), [V4.H8, V5.H8]
	VLD1 (R3), [V8.H8, V9.H8]
	VLD1 (R6), [V12.H8, V13.H8]
	VADD V4.H8, V0.H8, V0.H8
	VADD V5.H8, V1.H8, V1.H8
	VSUB V8.H8, V0.H8, V0.H8
	VSUB V9.H8, V1.H8, V1.H8
	VSUB V12.H8, V0.H8, V0.H8
	VSUB V13.H8, V1.H8, V1.H8
	VST1 [V0.H8, V1.H8], (R0)

addSub2NEON_done:
	RET

// func add2Sub2NEON(dst, src, a1, a2, s1, s2 *int16, n int)
TEXT ·add2Sub2NEON(SB), NOSPLIT, $0-56
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD a1+16(FP), R2
	MOVD a2+24(FP), R7
	MOVD s1+32(FP), R3
	MOVD s2+40(FP), R6
	MOVD n+48(FP), R4
	LSR  $5, R4, R5
	CBZ  R5, add2Sub2NEON_tail

add2Sub2NEON_loop:
	VLD1.P 64(R1), [V0.H8, V1.H8, V2.H8, V3.H8]
	VLD1.P 64(R2), [V4.H8, V5.H8, V6.H8, V7.H8]
	VLD1.P 64(R7), [V16.H8, V17.H8, V18.H8, V19.H8]
	VLD1.P 64(R3), [V8.H8, V9.H8, V10.H8, V11.H8]
	VLD1.P 64(R6), [V12.H8, V13.H8, V14.H8, V15.H8]
	VADD   V4.H8, V0.H8, V0.H8
	VADD   V5.H8, V1.H8, V1.H8
	VADD   V6.H8, V2.H8, V2.H8
	VADD   V7.H8, V3.H8, V3.H8
	VADD   V16.H8, V0.H8, V0.H8
	VADD   V17.H8, V1.H8, V1.H8
	VADD   V18.H8, V2.H8, V2.H8
	VADD   V19.H8, V3.H8, V3.H8
	VSUB   V8.H8, V0.H8, V0.H8
	VSUB   V9.H8, V1.H8, V1.H8
	VSUB   V10.H8, V2.H8, V2.H8
	VSUB   V11.H8, V3.H8, V3.H8
	VSUB   V12.H8, V0.H8, V0.H8
	VSUB   V13.H8, V1.H8, V1.H8
	VSUB   V14.H8, V2.H8, V2.H8
	VSUB   V15.H8, V3.H8, V3.H8
	VST1.P [V0.H8, V1.H8, V2.H8, V3.H8], 64(R0)
	SUBS   $1, R5, R5
	BNE    add2Sub2NEON_loop

add2Sub2NEON_tail:
	TBZ  $4, R4, add2Sub2NEON_done
	VLD1 (R1), [V0.H8, V1.H8]
	VLD1 (R2), [V4.H8, V5.H8]
	VLD1 (R7), [V16.H8, V17.H8]
	VLD1 (R3), [V8.H8, V9.H8]
	VLD1 (R6), [V12.H8, V13.H8]
	VADD V4.H8, V0.H8, V0.H8
	VADD V5.H8, V1.H8, V1.H8
	VADD V16.H8, V0.H8, V0.H8
	VADD V17.H8, V1.H8, V1.H8
	VSUB V8.H8, V0.H8, V0.H8
	VSUB V9.H8, V1.H8, V1.H8
	VSUB V12.H8, V0.H8, V0.H8
	VSUB V13.H8, V1.H8, V1.H8
	VST1 [V0.H8, V1.H8], (R0)

add2Sub2NEON_done:
	RET

// func addNEON(dst, src, a *int16, n int)
TEXT ·addNEON(SB), NOSPLIT, $0-32
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD a+16(FP), R2
	MOVD n+24(FP), R4
	LSR  $5, R4, R5
	CBZ  R5, addNEON_tail

addNEON_loop:
	VLD1.P 64(R1), [V0.H8, V1.H8, V2.H8, V3.H8]
	VLD1.P 64(R2), [V4.H8, V5.H8, V6.H8, V7.H8]
	VADD   V4.H8, V0.H8, V0.H8
	VADD   V5.H8, V1.H8, V1.H8
	VADD   V6.H8, V2.H8, V2.H8
	VADD   V7.H8, V3.H8, V3.H8
	VST1.P [V0.H8, V1.H8, V2.H8, V3.H8], 64(R0)
	SUBS   $1, R5, R5
	BNE    addNEON_loop

addNEON_tail:
	TBZ  $4, R4, addNEON_done
	VLD1 (R1), [V0.H8, V1.H8]
	VLD1 (R2), [V4.H8, V5.H8]
	VADD V4.H8, V0.H8, V0.H8
	VADD V5.H8, V1.H8, V1.H8
	VST1 [V0.H8, V1.H8], (R0)

addNEON_done:
	RET

// func subNEON(dst, src, s *int16, n int)
TEXT ·subNEON(SB), NOSPLIT, $0-32
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD s+16(FP), R3
	MOVD n+24(FP), R4
	LSR  $5, R4, R5
	CBZ  R5, subNEON_tail

subNEON_loop:
	VLD1.P 64(R1), [V0.H8, V1.H8, V2.H8, V3.H8]
	VLD1.P 64(R3), [V8.H8, V9.H8, V10.H8, V11.H8]
	VSUB   V8.H8, V0.H8, V0.H8
	VSUB   V9.H8, V1.H8, V1.H8
	VSUB   V10.H8, V2.H8, V2.H8
	VSUB   V11.H8, V3.H8, V3.H8
	VST1.P [V0.H8, V1.H8, V2.H8, V3.H8], 64(R0)
	SUBS   $1, R5, R5
	BNE    subNEON_loop

subNEON_tail:
	TBZ  $4, R4, subNEON_done
	VLD1 (R1), [V0.H8, V1.H8]
	VLD1 (R3), [V8.H8, V9.H8]
	VSUB V8.H8, V0.H8, V0.H8
	VSUB V9.H8, V1.H8, V1.H8
	VST1 [V0.H8, V1.H8], (R0)

subNEON_done:
	RET

// func screluDotNEON(acc, w *int16, n int) int32
//
// v = min(max(acc, 0), 255) in int16 lanes (SMAX, then UMIN, which on
// values in [0, 32767] is the signed minimum); t = v*w in int16 lanes,
// keeping the low 16 bits (MUL, wrapping as the Go reference's int16
// product does); sum += v*t, each lane widened to int32 (SMLAL for lanes
// 0-3 of a register, SMLAL2 for lanes 4-7) with wrapping int32 adds.
// Eight int32x4 accumulators, V16-V23; they are added together and across
// at the end, which modulo 2^32 is the Go reference's sum in any order.
TEXT ·screluDotNEON(SB), NOSPLIT, $0-28
	MOVD acc+0(FP), R0
	MOVD w+8(FP), R1
	MOVD n+16(FP), R4
	VEOR V30.B16, V30.B16, V30.B16 // 0 in every lane
	MOVD $255, R6
	VDUP R6, V31.H8                // QA = 255 in every lane
	VEOR V16.B16, V16.B16, V16.B16
	VEOR V17.B16, V17.B16, V17.B16
	VEOR V18.B16, V18.B16, V18.B16
	VEOR V19.B16, V19.B16, V19.B16
	VEOR V20.B16, V20.B16, V20.B16
	VEOR V21.B16, V21.B16, V21.B16
	VEOR V22.B16, V22.B16, V22.B16
	VEOR V23.B16, V23.B16, V23.B16
	LSR  $5, R4, R5
	CBZ  R5, dot_tail

dot_loop:
	VLD1.P 64(R0), [V0.H8, V1.H8, V2.H8, V3.H8]
	VLD1.P 64(R1), [V4.H8, V5.H8, V6.H8, V7.H8]
	WORD   $0x4e7e6400              // SMAX V0.8H, V0.8H, V30.8H
	WORD   $0x4e7e6421              // SMAX V1.8H, V1.8H, V30.8H
	WORD   $0x4e7e6442              // SMAX V2.8H, V2.8H, V30.8H
	WORD   $0x4e7e6463              // SMAX V3.8H, V3.8H, V30.8H
	VUMIN  V31.H8, V0.H8, V0.H8
	VUMIN  V31.H8, V1.H8, V1.H8
	VUMIN  V31.H8, V2.H8, V2.H8
	VUMIN  V31.H8, V3.H8, V3.H8
	WORD   $0x4e609c84              // MUL V4.8H, V4.8H, V0.8H
	WORD   $0x4e619ca5              // MUL V5.8H, V5.8H, V1.8H
	WORD   $0x4e629cc6              // MUL V6.8H, V6.8H, V2.8H
	WORD   $0x4e639ce7              // MUL V7.8H, V7.8H, V3.8H
	WORD   $0x0e648010              // SMLAL V16.4S, V0.4H, V4.4H
	WORD   $0x4e648011              // SMLAL2 V17.4S, V0.8H, V4.8H
	WORD   $0x0e658032              // SMLAL V18.4S, V1.4H, V5.4H
	WORD   $0x4e658033              // SMLAL2 V19.4S, V1.8H, V5.8H
	WORD   $0x0e668054              // SMLAL V20.4S, V2.4H, V6.4H
	WORD   $0x4e668055              // SMLAL2 V21.4S, V2.8H, V6.8H
	WORD   $0x0e678076              // SMLAL V22.4S, V3.4H, V7.4H
	WORD   $0x4e678077              // SMLAL2 V23.4S, V3.8H, V7.8H
	SUBS   $1, R5, R5
	BNE    dot_loop

dot_tail:
	TBZ   $4, R4, dot_done
	VLD1  (R0), [V0.H8, V1.H8]
	VLD1  (R1), [V4.H8, V5.H8]
	WORD  $0x4e7e6400              // SMAX V0.8H, V0.8H, V30.8H
	WORD  $0x4e7e6421              // SMAX V1.8H, V1.8H, V30.8H
	VUMIN V31.H8, V0.H8, V0.H8
	VUMIN V31.H8, V1.H8, V1.H8
	WORD  $0x4e609c84              // MUL V4.8H, V4.8H, V0.8H
	WORD  $0x4e619ca5              // MUL V5.8H, V5.8H, V1.8H
	WORD  $0x0e648010              // SMLAL V16.4S, V0.4H, V4.4H
	WORD  $0x4e648011              // SMLAL2 V17.4S, V0.8H, V4.8H
	WORD  $0x0e658032              // SMLAL V18.4S, V1.4H, V5.4H
	WORD  $0x4e658033              // SMLAL2 V19.4S, V1.8H, V5.8H

dot_done:
	VADD  V17.S4, V16.S4, V16.S4
	VADD  V19.S4, V18.S4, V18.S4
	VADD  V21.S4, V20.S4, V20.S4
	VADD  V23.S4, V22.S4, V22.S4
	VADD  V18.S4, V16.S4, V16.S4
	VADD  V22.S4, V20.S4, V20.S4
	VADD  V20.S4, V16.S4, V16.S4
	VADDV V16.S4, V16               // the four int32 lanes' sum
	VMOV  V16.S[0], R0
	MOVW  R0, ret+24(FP)
	RET
