//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// AVX2 kernels for the nnue package. n is the number of int16 lanes, a
// multiple of 16. The update kernels process 64 lanes (four YMM registers)
// per iteration, then the remaining lanes 16 at a time. All loads and
// stores are unaligned (VMOVDQU, VEX memory operands), so no alignment is
// required. Lane sums wrap as int16, like the Go reference.

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET

// func addSubAVX2(dst, src, a, s *int16, n int)
TEXT ·addSubAVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s+24(FP), BX
	MOVQ n+32(FP), CX
	SHLQ $1, CX
	MOVQ CX, R8
	ANDQ $-128, R8
	XORQ DX, DX
	CMPQ DX, R8
	JAE addSubAVX2_tail

addSubAVX2_loop64:
	VMOVDQU 0(SI)(DX*1), Y0
	VMOVDQU 32(SI)(DX*1), Y1
	VMOVDQU 64(SI)(DX*1), Y2
	VMOVDQU 96(SI)(DX*1), Y3
	VPADDW 0(AX)(DX*1), Y0, Y0
	VPADDW 32(AX)(DX*1), Y1, Y1
	VPADDW 64(AX)(DX*1), Y2, Y2
	VPADDW 96(AX)(DX*1), Y3, Y3
	VPSUBW 0(BX)(DX*1), Y0, Y0
	VPSUBW 32(BX)(DX*1), Y1, Y1
	VPSUBW 64(BX)(DX*1), Y2, Y2
	VPSUBW 96(BX)(DX*1), Y3, Y3
	VMOVDQU Y0, 0(DI)(DX*1)
	VMOVDQU Y1, 32(DI)(DX*1)
	VMOVDQU Y2, 64(DI)(DX*1)
	VMOVDQU Y3, 96(DI)(DX*1)
	ADDQ $128, DX
	CMPQ DX, R8
	JB addSubAVX2_loop64

addSubAVX2_tail:
	CMPQ DX, CX
	JAE addSubAVX2_done
	VMOVDQU (SI)(DX*1), Y0
	VPADDW (AX)(DX*1), Y0, Y0
	VPSUBW (BX)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ $32, DX
	JMP addSubAVX2_tail

addSubAVX2_done:
	VZEROUPPER
	RET

// func addSub2AVX2(dst, src, a, s1, s2 *int16, n int)
TEXT ·addSub2AVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s1+24(FP), BX
	MOVQ s2+32(FP), R9
	MOVQ n+40(FP), CX
	SHLQ $1, CX
	MOVQ CX, R8
	ANDQ $-128, R8
	XORQ DX, DX
	CMPQ DX, R8
	JAE addSub2AVX2_tail

addSub2AVX2_loop64:
	VMOVDQU 0(SI)(DX*1), Y0
	VMOVDQU 32(SI)(DX*1), Y1
	VMOVDQU 64(SI)(DX*1), Y2
	VMOVDQU 96(SI)(DX*1), Y3
	VPADDW 0(AX)(DX*1), Y0, Y0
	VPADDW 32(AX)(DX*1), Y1, Y1
	VPADDW 64(AX)(DX*1), Y2, Y2
	VPADDW 96(AX)(DX*1), Y3, Y3
	VPSUBW 0(BX)(DX*1), Y0, Y0
	VPSUBW 32(BX)(DX*1), Y1, Y1
	VPSUBW 64(BX)(DX*1), Y2, Y2
	VPSUBW 96(BX)(DX*1), Y3, Y3
	VPSUBW 0(R9)(DX*1), Y0, Y0
	VPSUBW 32(R9)(DX*1), Y1, Y1
	VPSUBW 64(R9)(DX*1), Y2, Y2
	VPSUBW 96(R9)(DX*1), Y3, Y3
	VMOVDQU Y0, 0(DI)(DX*1)
	VMOVDQU Y1, 32(DI)(DX*1)
	VMOVDQU Y2, 64(DI)(DX*1)
	VMOVDQU Y3, 96(DI)(DX*1)
	ADDQ $128, DX
	CMPQ DX, R8
	JB addSub2AVX2_loop64

addSub2AVX2_tail:
	CMPQ DX, CX
	JAE addSub2AVX2_done
	VMOVDQU (SI)(DX*1), Y0
	VPADDW (AX)(DX*1), Y0, Y0
	VPSUBW (BX)(DX*1), Y0, Y0
	VPSUBW (R9)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ $32, DX
	JMP addSub2AVX2_tail

addSub2AVX2_done:
	VZEROUPPER
	RET

// func add2Sub2AVX2(dst, src, a1, a2, s1, s2 *int16, n int)
TEXT ·add2Sub2AVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a1+16(FP), AX
	MOVQ a2+24(FP), R10
	MOVQ s1+32(FP), BX
	MOVQ s2+40(FP), R9
	MOVQ n+48(FP), CX
	SHLQ $1, CX
	MOVQ CX, R8
	ANDQ $-128, R8
	XORQ DX, DX
	CMPQ DX, R8
	JAE add2Sub2AVX2_tail

add2Sub2AVX2_loop64:
	VMOVDQU 0(SI)(DX*1), Y0
	VMOVDQU 32(SI)(DX*1), Y1
	VMOVDQU 64(SI)(DX*1), Y2
	VMOVDQU 96(SI)(DX*1), Y3
	VPADDW 0(AX)(DX*1), Y0, Y0
	VPADDW 32(AX)(DX*1), Y1, Y1
	VPADDW 64(AX)(DX*1), Y2, Y2
	VPADDW 96(AX)(DX*1), Y3, Y3
	VPADDW 0(R10)(DX*1), Y0, Y0
	VPADDW 32(R10)(DX*1), Y1, Y1
	VPADDW 64(R10)(DX*1), Y2, Y2
	VPADDW 96(R10)(DX*1), Y3, Y3
	VPSUBW 0(BX)(DX*1), Y0, Y0
	VPSUBW 32(BX)(DX*1), Y1, Y1
	VPSUBW 64(BX)(DX*1), Y2, Y2
	VPSUBW 96(BX)(DX*1), Y3, Y3
	VPSUBW 0(R9)(DX*1), Y0, Y0
	VPSUBW 32(R9)(DX*1), Y1, Y1
	VPSUBW 64(R9)(DX*1), Y2, Y2
	VPSUBW 96(R9)(DX*1), Y3, Y3
	VMOVDQU Y0, 0(DI)(DX*1)
	VMOVDQU Y1, 32(DI)(DX*1)
	VMOVDQU Y2, 64(DI)(DX*1)
	VMOVDQU Y3, 96(DI)(DX*1)
	ADDQ $128, DX
	CMPQ DX, R8
	JB add2Sub2AVX2_loop64

add2Sub2AVX2_tail:
	CMPQ DX, CX
	JAE add2Sub2AVX2_done
	VMOVDQU (SI)(DX*1), Y0
	VPADDW (AX)(DX*1), Y0, Y0
	VPADDW (R10)(DX*1), Y0, Y0
	VPSUBW (BX)(DX*1), Y0, Y0
	VPSUBW (R9)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ $32, DX
	JMP add2Sub2AVX2_tail

add2Sub2AVX2_done:
	VZEROUPPER
	RET

// func addAVX2(dst, src, a *int16, n int)
TEXT ·addAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ n+24(FP), CX
	SHLQ $1, CX
	MOVQ CX, R8
	ANDQ $-128, R8
	XORQ DX, DX
	CMPQ DX, R8
	JAE addAVX2_tail

addAVX2_loop64:
	VMOVDQU 0(SI)(DX*1), Y0
	VMOVDQU 32(SI)(DX*1), Y1
	VMOVDQU 64(SI)(DX*1), Y2
	VMOVDQU 96(SI)(DX*1), Y3
	VPADDW 0(AX)(DX*1), Y0, Y0
	VPADDW 32(AX)(DX*1), Y1, Y1
	VPADDW 64(AX)(DX*1), Y2, Y2
	VPADDW 96(AX)(DX*1), Y3, Y3
	VMOVDQU Y0, 0(DI)(DX*1)
	VMOVDQU Y1, 32(DI)(DX*1)
	VMOVDQU Y2, 64(DI)(DX*1)
	VMOVDQU Y3, 96(DI)(DX*1)
	ADDQ $128, DX
	CMPQ DX, R8
	JB addAVX2_loop64

addAVX2_tail:
	CMPQ DX, CX
	JAE addAVX2_done
	VMOVDQU (SI)(DX*1), Y0
	VPADDW (AX)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ $32, DX
	JMP addAVX2_tail

addAVX2_done:
	VZEROUPPER
	RET

// func subAVX2(dst, src, s *int16, n int)
TEXT ·subAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ s+16(FP), BX
	MOVQ n+24(FP), CX
	SHLQ $1, CX
	MOVQ CX, R8
	ANDQ $-128, R8
	XORQ DX, DX
	CMPQ DX, R8
	JAE subAVX2_tail

subAVX2_loop64:
	VMOVDQU 0(SI)(DX*1), Y0
	VMOVDQU 32(SI)(DX*1), Y1
	VMOVDQU 64(SI)(DX*1), Y2
	VMOVDQU 96(SI)(DX*1), Y3
	VPSUBW 0(BX)(DX*1), Y0, Y0
	VPSUBW 32(BX)(DX*1), Y1, Y1
	VPSUBW 64(BX)(DX*1), Y2, Y2
	VPSUBW 96(BX)(DX*1), Y3, Y3
	VMOVDQU Y0, 0(DI)(DX*1)
	VMOVDQU Y1, 32(DI)(DX*1)
	VMOVDQU Y2, 64(DI)(DX*1)
	VMOVDQU Y3, 96(DI)(DX*1)
	ADDQ $128, DX
	CMPQ DX, R8
	JB subAVX2_loop64

subAVX2_tail:
	CMPQ DX, CX
	JAE subAVX2_done
	VMOVDQU (SI)(DX*1), Y0
	VPSUBW (BX)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ $32, DX
	JMP subAVX2_tail

subAVX2_done:
	VZEROUPPER
	RET

// func screluDotAVX2(acc, w *int16, n int) int32
//
// v = min(max(acc, 0), 255); t = v*w (VPMULLW, low 16 bits); sum += v*t in
// int32 pairs (VPMADDWD). Two YMM accumulators, 32 lanes per iteration,
// then 16 at a time; the int32 lanes are summed at the end (wrapping).
TEXT ·screluDotAVX2(SB), NOSPLIT, $0-28
	MOVQ acc+0(FP), SI
	MOVQ w+8(FP), DI
	MOVQ n+16(FP), CX
	SHLQ $1, CX
	MOVQ CX, R8
	ANDQ $-64, R8
	XORQ DX, DX
	VPXOR Y8, Y8, Y8          // 0
	VPCMPEQW Y9, Y9, Y9
	VPSRLW $8, Y9, Y9         // 255 in every lane
	VPXOR Y10, Y10, Y10       // sums
	VPXOR Y11, Y11, Y11
	CMPQ DX, R8
	JAE dot_tail

dot_loop32:
	VMOVDQU (SI)(DX*1), Y0
	VMOVDQU 32(SI)(DX*1), Y1
	VPMAXSW Y8, Y0, Y0
	VPMAXSW Y8, Y1, Y1
	VPMINSW Y9, Y0, Y0
	VPMINSW Y9, Y1, Y1
	VPMULLW (DI)(DX*1), Y0, Y2
	VPMULLW 32(DI)(DX*1), Y1, Y3
	VPMADDWD Y2, Y0, Y2
	VPMADDWD Y3, Y1, Y3
	VPADDD Y2, Y10, Y10
	VPADDD Y3, Y11, Y11
	ADDQ $64, DX
	CMPQ DX, R8
	JB dot_loop32

dot_tail:
	CMPQ DX, CX
	JAE dot_done
	VMOVDQU (SI)(DX*1), Y0
	VPMAXSW Y8, Y0, Y0
	VPMINSW Y9, Y0, Y0
	VPMULLW (DI)(DX*1), Y0, Y2
	VPMADDWD Y2, Y0, Y2
	VPADDD Y2, Y10, Y10
	ADDQ $32, DX
	JMP dot_tail

dot_done:
	VPADDD Y11, Y10, Y10
	VEXTRACTI128 $1, Y10, X0
	VPADDD X0, X10, X0
	VPSHUFD $0x4E, X0, X1     // swap the 64-bit halves
	VPADDD X1, X0, X0
	VPSHUFD $0xB1, X0, X1     // swap neighbouring 32-bit lanes
	VPADDD X1, X0, X0
	VMOVD X0, AX
	MOVL AX, ret+24(FP)
	VZEROUPPER
	RET

// func screluDotPairAVX2(us, them, w1, w2 *int16, n int) int32
//
// screluDotAVX2(us, w1, n) + screluDotAVX2(them, w2, n) in one call: the
// two halves of the output layer's input go through one loop side by
// side, 64 lanes of each per iteration (16 in the tail), into four sums of int32
// lanes added up once at the end (wrapping, so the order of the additions
// does not change the result).
TEXT ·screluDotPairAVX2(SB), NOSPLIT, $0-44
	MOVQ us+0(FP), SI
	MOVQ them+8(FP), BX
	MOVQ w1+16(FP), DI
	MOVQ w2+24(FP), R10
	MOVQ n+32(FP), CX
	SHLQ $1, CX               // bytes in each half
	MOVQ CX, R8
	ANDQ $-128, R8            // bytes done by the main loop
	VPXOR Y8, Y8, Y8          // 0
	VPCMPEQW Y9, Y9, Y9
	VPSRLW $8, Y9, Y9         // 255 in every lane
	VPXOR Y10, Y10, Y10       // sums
	VPXOR Y11, Y11, Y11
	VPXOR Y12, Y12, Y12
	VPXOR Y13, Y13, Y13
	XORQ DX, DX
	CMPQ DX, R8
	JAE pair_tail

pair_loop64:
	VMOVDQU 0(SI)(DX*1), Y0
	VMOVDQU 32(SI)(DX*1), Y1
	VMOVDQU 64(SI)(DX*1), Y2
	VMOVDQU 96(SI)(DX*1), Y3
	VMOVDQU 0(BX)(DX*1), Y4
	VMOVDQU 32(BX)(DX*1), Y5
	VMOVDQU 64(BX)(DX*1), Y6
	VMOVDQU 96(BX)(DX*1), Y7
	VPMAXSW Y8, Y0, Y0
	VPMAXSW Y8, Y1, Y1
	VPMAXSW Y8, Y2, Y2
	VPMAXSW Y8, Y3, Y3
	VPMAXSW Y8, Y4, Y4
	VPMAXSW Y8, Y5, Y5
	VPMAXSW Y8, Y6, Y6
	VPMAXSW Y8, Y7, Y7
	VPMINSW Y9, Y0, Y0
	VPMINSW Y9, Y1, Y1
	VPMINSW Y9, Y2, Y2
	VPMINSW Y9, Y3, Y3
	VPMINSW Y9, Y4, Y4
	VPMINSW Y9, Y5, Y5
	VPMINSW Y9, Y6, Y6
	VPMINSW Y9, Y7, Y7
	VPMULLW 0(DI)(DX*1), Y0, Y14
	VPMADDWD Y14, Y0, Y0
	VPMULLW 32(DI)(DX*1), Y1, Y15
	VPMADDWD Y15, Y1, Y1
	VPMULLW 64(DI)(DX*1), Y2, Y14
	VPMADDWD Y14, Y2, Y2
	VPMULLW 96(DI)(DX*1), Y3, Y15
	VPMADDWD Y15, Y3, Y3
	VPMULLW 0(R10)(DX*1), Y4, Y14
	VPMADDWD Y14, Y4, Y4
	VPMULLW 32(R10)(DX*1), Y5, Y15
	VPMADDWD Y15, Y5, Y5
	VPMULLW 64(R10)(DX*1), Y6, Y14
	VPMADDWD Y14, Y6, Y6
	VPMULLW 96(R10)(DX*1), Y7, Y15
	VPMADDWD Y15, Y7, Y7
	VPADDD Y0, Y10, Y10
	VPADDD Y1, Y11, Y11
	VPADDD Y2, Y12, Y12
	VPADDD Y3, Y13, Y13
	VPADDD Y4, Y10, Y10
	VPADDD Y5, Y11, Y11
	VPADDD Y6, Y12, Y12
	VPADDD Y7, Y13, Y13
	ADDQ $128, DX
	CMPQ DX, R8
	JB pair_loop64

pair_tail:
	CMPQ DX, CX
	JAE pair_done
	VMOVDQU (SI)(DX*1), Y0
	VMOVDQU (BX)(DX*1), Y4
	VPMAXSW Y8, Y0, Y0
	VPMAXSW Y8, Y4, Y4
	VPMINSW Y9, Y0, Y0
	VPMINSW Y9, Y4, Y4
	VPMULLW (DI)(DX*1), Y0, Y14
	VPMULLW (R10)(DX*1), Y4, Y15
	VPMADDWD Y14, Y0, Y0
	VPMADDWD Y15, Y4, Y4
	VPADDD Y0, Y10, Y10
	VPADDD Y4, Y11, Y11
	ADDQ $32, DX
	JMP pair_tail

pair_done:
	VPADDD Y11, Y10, Y10
	VPADDD Y13, Y12, Y12
	VPADDD Y12, Y10, Y10
	VEXTRACTI128 $1, Y10, X0
	VPADDD X0, X10, X0
	VPSHUFD $0x4E, X0, X1     // swap the 64-bit halves
	VPADDD X1, X0, X0
	VPSHUFD $0xB1, X0, X1     // swap neighbouring 32-bit lanes
	VPADDD X1, X0, X0
	VMOVD X0, AX
	MOVL AX, ret+40(FP)
	VZEROUPPER
	RET

// func addSubBothAVX2(dst, src *Accumulator, aW, sW, aB, sB *int16, n int)
//
// addSubAVX2 on both perspectives of an accumulator in one call: White's
// lanes at dst and src, Black's MaxHidden lanes further on (the
// Accumulator's layout), each with its own columns. 64 lanes of each per
// iteration, then 16 of each at a time.
TEXT ·addSubBothAVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ aW+16(FP), AX
	MOVQ sW+24(FP), BX
	MOVQ aB+32(FP), R10
	MOVQ sB+40(FP), R11
	MOVQ n+48(FP), CX
	MOVQ $const_MaxHidden, R12
	SHLQ $1, R12
	LEAQ (DI)(R12*1), R13      // Black's half of dst
	ADDQ SI, R12               // and of src
	SHLQ $1, CX
	MOVQ CX, R8
	ANDQ $-128, R8
	XORQ DX, DX
	CMPQ DX, R8
	JAE addSubBoth_tail

addSubBoth_loop64:
	VMOVDQU 0(SI)(DX*1), Y0
	VMOVDQU 32(SI)(DX*1), Y1
	VMOVDQU 64(SI)(DX*1), Y2
	VMOVDQU 96(SI)(DX*1), Y3
	VMOVDQU 0(R12)(DX*1), Y4
	VMOVDQU 32(R12)(DX*1), Y5
	VMOVDQU 64(R12)(DX*1), Y6
	VMOVDQU 96(R12)(DX*1), Y7
	VPADDW 0(AX)(DX*1), Y0, Y0
	VPADDW 32(AX)(DX*1), Y1, Y1
	VPADDW 64(AX)(DX*1), Y2, Y2
	VPADDW 96(AX)(DX*1), Y3, Y3
	VPADDW 0(R10)(DX*1), Y4, Y4
	VPADDW 32(R10)(DX*1), Y5, Y5
	VPADDW 64(R10)(DX*1), Y6, Y6
	VPADDW 96(R10)(DX*1), Y7, Y7
	VPSUBW 0(BX)(DX*1), Y0, Y0
	VPSUBW 32(BX)(DX*1), Y1, Y1
	VPSUBW 64(BX)(DX*1), Y2, Y2
	VPSUBW 96(BX)(DX*1), Y3, Y3
	VPSUBW 0(R11)(DX*1), Y4, Y4
	VPSUBW 32(R11)(DX*1), Y5, Y5
	VPSUBW 64(R11)(DX*1), Y6, Y6
	VPSUBW 96(R11)(DX*1), Y7, Y7
	VMOVDQU Y0, 0(DI)(DX*1)
	VMOVDQU Y1, 32(DI)(DX*1)
	VMOVDQU Y2, 64(DI)(DX*1)
	VMOVDQU Y3, 96(DI)(DX*1)
	VMOVDQU Y4, 0(R13)(DX*1)
	VMOVDQU Y5, 32(R13)(DX*1)
	VMOVDQU Y6, 64(R13)(DX*1)
	VMOVDQU Y7, 96(R13)(DX*1)
	ADDQ $128, DX
	CMPQ DX, R8
	JB addSubBoth_loop64

addSubBoth_tail:
	CMPQ DX, CX
	JAE addSubBoth_done
	VMOVDQU (SI)(DX*1), Y0
	VMOVDQU (R12)(DX*1), Y4
	VPADDW (AX)(DX*1), Y0, Y0
	VPADDW (R10)(DX*1), Y4, Y4
	VPSUBW (BX)(DX*1), Y0, Y0
	VPSUBW (R11)(DX*1), Y4, Y4
	VMOVDQU Y0, (DI)(DX*1)
	VMOVDQU Y4, (R13)(DX*1)
	ADDQ $32, DX
	JMP addSubBoth_tail

addSubBoth_done:
	VZEROUPPER
	RET

// func addSub2BothAVX2(dst, src *Accumulator, aW, s1W, s2W, aB, s1B, s2B *int16, n int)
//
// addSub2AVX2 on both perspectives in one call, as addSubBothAVX2.
TEXT ·addSub2BothAVX2(SB), NOSPLIT, $0-72
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ aW+16(FP), AX
	MOVQ s1W+24(FP), BX
	MOVQ s2W+32(FP), R9
	MOVQ aB+40(FP), R10
	MOVQ s1B+48(FP), R11
	MOVQ s2B+56(FP), R15
	MOVQ n+64(FP), CX
	MOVQ $const_MaxHidden, R12
	SHLQ $1, R12
	LEAQ (DI)(R12*1), R13      // Black's half of dst
	ADDQ SI, R12               // and of src
	SHLQ $1, CX
	MOVQ CX, R8
	ANDQ $-128, R8
	XORQ DX, DX
	CMPQ DX, R8
	JAE addSub2Both_tail

addSub2Both_loop64:
	VMOVDQU 0(SI)(DX*1), Y0
	VMOVDQU 32(SI)(DX*1), Y1
	VMOVDQU 64(SI)(DX*1), Y2
	VMOVDQU 96(SI)(DX*1), Y3
	VMOVDQU 0(R12)(DX*1), Y4
	VMOVDQU 32(R12)(DX*1), Y5
	VMOVDQU 64(R12)(DX*1), Y6
	VMOVDQU 96(R12)(DX*1), Y7
	VPADDW 0(AX)(DX*1), Y0, Y0
	VPADDW 32(AX)(DX*1), Y1, Y1
	VPADDW 64(AX)(DX*1), Y2, Y2
	VPADDW 96(AX)(DX*1), Y3, Y3
	VPADDW 0(R10)(DX*1), Y4, Y4
	VPADDW 32(R10)(DX*1), Y5, Y5
	VPADDW 64(R10)(DX*1), Y6, Y6
	VPADDW 96(R10)(DX*1), Y7, Y7
	VPSUBW 0(BX)(DX*1), Y0, Y0
	VPSUBW 32(BX)(DX*1), Y1, Y1
	VPSUBW 64(BX)(DX*1), Y2, Y2
	VPSUBW 96(BX)(DX*1), Y3, Y3
	VPSUBW 0(R11)(DX*1), Y4, Y4
	VPSUBW 32(R11)(DX*1), Y5, Y5
	VPSUBW 64(R11)(DX*1), Y6, Y6
	VPSUBW 96(R11)(DX*1), Y7, Y7
	VPSUBW 0(R9)(DX*1), Y0, Y0
	VPSUBW 32(R9)(DX*1), Y1, Y1
	VPSUBW 64(R9)(DX*1), Y2, Y2
	VPSUBW 96(R9)(DX*1), Y3, Y3
	VPSUBW 0(R15)(DX*1), Y4, Y4
	VPSUBW 32(R15)(DX*1), Y5, Y5
	VPSUBW 64(R15)(DX*1), Y6, Y6
	VPSUBW 96(R15)(DX*1), Y7, Y7
	VMOVDQU Y0, 0(DI)(DX*1)
	VMOVDQU Y1, 32(DI)(DX*1)
	VMOVDQU Y2, 64(DI)(DX*1)
	VMOVDQU Y3, 96(DI)(DX*1)
	VMOVDQU Y4, 0(R13)(DX*1)
	VMOVDQU Y5, 32(R13)(DX*1)
	VMOVDQU Y6, 64(R13)(DX*1)
	VMOVDQU Y7, 96(R13)(DX*1)
	ADDQ $128, DX
	CMPQ DX, R8
	JB addSub2Both_loop64

addSub2Both_tail:
	CMPQ DX, CX
	JAE addSub2Both_done
	VMOVDQU (SI)(DX*1), Y0
	VMOVDQU (R12)(DX*1), Y4
	VPADDW (AX)(DX*1), Y0, Y0
	VPADDW (R10)(DX*1), Y4, Y4
	VPSUBW (BX)(DX*1), Y0, Y0
	VPSUBW (R11)(DX*1), Y4, Y4
	VPSUBW (R9)(DX*1), Y0, Y0
	VPSUBW (R15)(DX*1), Y4, Y4
	VMOVDQU Y0, (DI)(DX*1)
	VMOVDQU Y4, (R13)(DX*1)
	ADDQ $32, DX
	JMP addSub2Both_tail

addSub2Both_done:
	VZEROUPPER
	RET
