//go:build amd64 && !purego

#include "textflag.h"

// AVX2 kernels for the trainer's float32 loops (simd_amd64.go). h and n
// are lane counts, multiples of 16. Every lane is computed with the same
// operations in the same order as the Go versions in trainer.go (no fused
// multiply-add), so the results are bit for bit the same.

// func accumulateAVX2(acc, bias, w *float32, feats *uint16, nf, h int)
// acc[i] = bias[i] + w[f0*h+i] + w[f1*h+i] + ... in the order of feats.
TEXT ·accumulateAVX2(SB), NOSPLIT, $0-48
	MOVQ acc+0(FP), DI
	MOVQ bias+8(FP), SI
	MOVQ w+16(FP), AX
	MOVQ feats+24(FP), BX
	MOVQ nf+32(FP), CX
	MOVQ h+40(FP), R8
	SHLQ $2, R8             // a row of w in bytes
	MOVQ R8, R9
	ANDQ $-256, R9          // bytes done 64 lanes at a time
	XORQ DX, DX             // byte offset of the lanes in hand

acc64:
	CMPQ DX, R9
	JAE  acc16
	VMOVUPS 0(SI)(DX*1), Y0
	VMOVUPS 32(SI)(DX*1), Y1
	VMOVUPS 64(SI)(DX*1), Y2
	VMOVUPS 96(SI)(DX*1), Y3
	VMOVUPS 128(SI)(DX*1), Y4
	VMOVUPS 160(SI)(DX*1), Y5
	VMOVUPS 192(SI)(DX*1), Y6
	VMOVUPS 224(SI)(DX*1), Y7
	MOVQ BX, R10
	MOVQ CX, R11
	TESTQ R11, R11
	JZ   acc64store

acc64feat:
	MOVWQZX (R10), R12
	IMULQ R8, R12
	ADDQ DX, R12
	VADDPS 0(AX)(R12*1), Y0, Y0
	VADDPS 32(AX)(R12*1), Y1, Y1
	VADDPS 64(AX)(R12*1), Y2, Y2
	VADDPS 96(AX)(R12*1), Y3, Y3
	VADDPS 128(AX)(R12*1), Y4, Y4
	VADDPS 160(AX)(R12*1), Y5, Y5
	VADDPS 192(AX)(R12*1), Y6, Y6
	VADDPS 224(AX)(R12*1), Y7, Y7
	ADDQ $2, R10
	DECQ R11
	JNZ  acc64feat

acc64store:
	VMOVUPS Y0, 0(DI)(DX*1)
	VMOVUPS Y1, 32(DI)(DX*1)
	VMOVUPS Y2, 64(DI)(DX*1)
	VMOVUPS Y3, 96(DI)(DX*1)
	VMOVUPS Y4, 128(DI)(DX*1)
	VMOVUPS Y5, 160(DI)(DX*1)
	VMOVUPS Y6, 192(DI)(DX*1)
	VMOVUPS Y7, 224(DI)(DX*1)
	ADDQ $256, DX
	JMP  acc64

acc16:
	CMPQ DX, R8
	JAE  accdone
	VMOVUPS 0(SI)(DX*1), Y0
	VMOVUPS 32(SI)(DX*1), Y1
	MOVQ BX, R10
	MOVQ CX, R11
	TESTQ R11, R11
	JZ   acc16store

acc16feat:
	MOVWQZX (R10), R12
	IMULQ R8, R12
	ADDQ DX, R12
	VADDPS 0(AX)(R12*1), Y0, Y0
	VADDPS 32(AX)(R12*1), Y1, Y1
	ADDQ $2, R10
	DECQ R11
	JNZ  acc16feat

acc16store:
	VMOVUPS Y0, 0(DI)(DX*1)
	VMOVUPS Y1, 32(DI)(DX*1)
	ADDQ $64, DX
	JMP  acc16

accdone:
	VZEROUPPER
	RET

// func scatterAVX2(grad, d *float32, feats *uint16, nf, h int)
// grad[f*h+i] += d[i] for each f of feats, in order.
TEXT ·scatterAVX2(SB), NOSPLIT, $0-40
	MOVQ grad+0(FP), DI
	MOVQ d+8(FP), SI
	MOVQ feats+16(FP), BX
	MOVQ nf+24(FP), CX
	MOVQ h+32(FP), R8
	SHLQ $2, R8             // a row of grad in bytes
	MOVQ R8, R9
	ANDQ $-128, R9          // bytes done 32 lanes at a time
	TESTQ CX, CX
	JZ   scdone

scfeat:
	MOVWQZX (BX), R12
	IMULQ R8, R12
	MOVQ DI, R10
	ADDQ R12, R10           // the feature's row
	XORQ DX, DX

sc32:
	CMPQ DX, R9
	JAE  sc16
	VMOVUPS 0(R10)(DX*1), Y0
	VMOVUPS 32(R10)(DX*1), Y1
	VMOVUPS 64(R10)(DX*1), Y2
	VMOVUPS 96(R10)(DX*1), Y3
	VADDPS 0(SI)(DX*1), Y0, Y0
	VADDPS 32(SI)(DX*1), Y1, Y1
	VADDPS 64(SI)(DX*1), Y2, Y2
	VADDPS 96(SI)(DX*1), Y3, Y3
	VMOVUPS Y0, 0(R10)(DX*1)
	VMOVUPS Y1, 32(R10)(DX*1)
	VMOVUPS Y2, 64(R10)(DX*1)
	VMOVUPS Y3, 96(R10)(DX*1)
	ADDQ $128, DX
	JMP  sc32

sc16:
	CMPQ DX, R8
	JAE  scnext
	VMOVUPS 0(R10)(DX*1), Y0
	VMOVUPS 32(R10)(DX*1), Y1
	VADDPS 0(SI)(DX*1), Y0, Y0
	VADDPS 32(SI)(DX*1), Y1, Y1
	VMOVUPS Y0, 0(R10)(DX*1)
	VMOVUPS Y1, 32(R10)(DX*1)
	ADDQ $64, DX
	JMP  sc16

scnext:
	ADDQ $2, BX
	DECQ CX
	JNZ  scfeat

scdone:
	VZEROUPPER
	RET

// func backSCReLUAVX2(acc, ow, gow, d *float32, n int, gy float32)
// With c = clamp(acc[i], 0, 1): gow[i] += (gy*c)*c, and d[i] =
// ((2*gy)*ow[i])*acc[i] where 0 < acc[i] < 1, else 0. Where acc[i] <= 0
// the Go version adds nothing to gow[i] and this adds (gy*0)*0, a zero,
// which leaves gow[i] as it is (it is never -0: it starts at +0 and sums
// of numbers are -0 only when every term is).
TEXT ·backSCReLUAVX2(SB), NOSPLIT, $0-44
	MOVQ acc+0(FP), SI
	MOVQ ow+8(FP), AX
	MOVQ gow+16(FP), DI
	MOVQ d+24(FP), BX
	MOVQ n+32(FP), CX
	SHLQ $2, CX             // bytes
	VBROADCASTSS gy+40(FP), Y15
	VADDPS Y15, Y15, Y14    // 2*gy (exact)
	VXORPS Y13, Y13, Y13    // 0
	MOVL $0x3f800000, R8
	MOVQ R8, X12
	VBROADCASTSS X12, Y12   // 1
	XORQ DX, DX

bs8:
	CMPQ DX, CX
	JAE  bsdone
	VMOVUPS 0(SI)(DX*1), Y0          // a
	VMAXPS Y13, Y0, Y1               // max(a, 0)
	VMINPS Y12, Y1, Y1               // c = min(max(a, 0), 1)
	VMULPS Y1, Y15, Y2               // gy*c
	VMULPS Y1, Y2, Y2                // (gy*c)*c
	VADDPS 0(DI)(DX*1), Y2, Y2       // gow + (gy*c)*c
	VMOVUPS Y2, 0(DI)(DX*1)
	VCMPPS $1, Y0, Y13, Y3           // 0 < a
	VCMPPS $1, Y12, Y0, Y4           // a < 1
	VANDPS Y4, Y3, Y3
	VMULPS 0(AX)(DX*1), Y14, Y5      // (2*gy)*ow
	VMULPS Y0, Y5, Y5                // ((2*gy)*ow)*a
	VANDPS Y3, Y5, Y5
	VMOVUPS Y5, 0(BX)(DX*1)
	ADDQ $32, DX
	JMP  bs8

bsdone:
	VZEROUPPER
	RET

// func screluDotAVX2(acc, ow *float32, n int) float32
// Σ clamp(acc[i], 0, 1)²·ow[i] in 16 lanes (lane i mod 16, each summed
// in the order of i), then lane j and j+8, j and j+4, j and j+2, j and
// j+1: the order of screluDotGeneric.
TEXT ·screluDotAVX2(SB), NOSPLIT, $0-28
	MOVQ acc+0(FP), SI
	MOVQ ow+8(FP), AX
	MOVQ n+16(FP), CX
	SHLQ $2, CX             // bytes
	VXORPS Y0, Y0, Y0       // lanes 0-7
	VXORPS Y1, Y1, Y1       // lanes 8-15
	VXORPS Y13, Y13, Y13    // 0
	MOVL $0x3f800000, R8
	MOVQ R8, X12
	VBROADCASTSS X12, Y12   // 1
	XORQ DX, DX

sd16:
	CMPQ DX, CX
	JAE  sdsum
	VMOVUPS 0(SI)(DX*1), Y2
	VMOVUPS 32(SI)(DX*1), Y3
	VMAXPS Y13, Y2, Y2
	VMAXPS Y13, Y3, Y3
	VMINPS Y12, Y2, Y2
	VMINPS Y12, Y3, Y3
	VMULPS Y2, Y2, Y2
	VMULPS Y3, Y3, Y3
	VMULPS 0(AX)(DX*1), Y2, Y2
	VMULPS 32(AX)(DX*1), Y3, Y3
	VADDPS Y2, Y0, Y0
	VADDPS Y3, Y1, Y1
	ADDQ $64, DX
	JMP  sd16

sdsum:
	VADDPS Y1, Y0, Y0       // lane j + lane j+8
	VEXTRACTF128 $1, Y0, X1
	VADDPS X1, X0, X0       // j + j+4
	VMOVHLPS X0, X0, X1
	VADDPS X1, X0, X0       // j + j+2
	VMOVSHDUP X0, X1
	VADDSS X1, X0, X0       // 0 + 1
	VZEROUPPER
	MOVSS X0, ret+24(FP)
	RET
