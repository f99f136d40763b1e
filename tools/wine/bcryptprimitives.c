/*
 * bcryptprimitives.dll for wine releases that lack it (Debian 12's wine
 * 8.0): Go's runtime, since Go 1.22, loads this DLL at start-up for
 * ProcessPrng, its source of random bytes, and stops when it is missing.
 * This one gives ProcessPrng from advapi32's RtlGenRandom
 * (SystemFunction036), which wine has. Only `make cross-check` uses it,
 * to run Brudno's Windows build under such a wine; real Windows 10 and
 * later have the DLL. Built by the Makefile with mingw-w64:
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll \
 *       bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

/* ProcessPrng fills n bytes at p with random bytes; RtlGenRandom takes
 * at most a ULONG's worth at a time. */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE p, SIZE_T n)
{
	while (n > 0) {
		ULONG k = n > 0x40000000 ? 0x40000000 : (ULONG)n;
		if (!SystemFunction036(p, k))
			return FALSE;
		p += k;
		n -= k;
	}
	return TRUE;
}
