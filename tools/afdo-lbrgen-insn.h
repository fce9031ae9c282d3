/* afdo-lbrgen: a minimal x86-64 decoder that recognises the
   control-transfer instructions and their lengths.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_LBRGEN_INSN_H
#define AFDO_LBRGEN_INSN_H

#include <stddef.h>

enum insn_kind
{
  K_OTHER,			/* not a control transfer */
  K_COND,			/* jcc, jrcxz, loop: taken or not */
  K_JMP,			/* direct or indirect jmp */
  K_CALL,			/* direct or indirect call */
  K_RET
};

/* Length of the ModRM operand starting at P (the ModRM byte itself
   included), in 64-bit mode.  */
static inline unsigned
afdo_modrm_len (const unsigned char *p)
{
  unsigned mod = p[0] >> 6, rm = p[0] & 7, len = 1;
  if (mod == 3)
    return len;
  if (rm == 4)
    {
      len++;			/* SIB */
      if (mod == 0 && (p[1] & 7) == 5)
	len += 4;
    }
  else if (mod == 0 && rm == 5)
    len += 4;			/* rip-relative */
  if (mod == 1)
    len += 1;
  else if (mod == 2)
    len += 4;
  return len;
}

/* Classify the instruction in the N bytes at P; set *LEN for control
   transfers.  */
static inline enum insn_kind
afdo_classify_insn (const unsigned char *p, size_t n, unsigned *len)
{
  size_t i = 0;
  while (i < n && i < 14)
    {
      unsigned char b = p[i];
      if (b == 0x66 || b == 0x67 || b == 0xf0 || b == 0xf2 || b == 0xf3
	  || b == 0x2e || b == 0x36 || b == 0x3e || b == 0x26 || b == 0x64
	  || b == 0x65 || (b >= 0x40 && b <= 0x4f))
	i++;
      else
	break;
    }
  if (i + 2 > n)
    return K_OTHER;
  unsigned char op = p[i];
  if ((op >= 0x70 && op <= 0x7f) || (op >= 0xe0 && op <= 0xe3))
    {
      *len = i + 2;
      return K_COND;
    }
  switch (op)
    {
    case 0xeb:
      *len = i + 2;
      return K_JMP;
    case 0xe9:
      *len = i + 5;
      return K_JMP;
    case 0xe8:
      *len = i + 5;
      return K_CALL;
    case 0xc3:
      *len = i + 1;
      return K_RET;
    case 0xc2:
      *len = i + 3;
      return K_RET;
    case 0x0f:
      if (p[i + 1] >= 0x80 && p[i + 1] <= 0x8f)
	{
	  *len = i + 6;
	  return K_COND;
	}
      return K_OTHER;
    case 0xff:
      {
	unsigned reg = (p[i + 1] >> 3) & 7;
	if (reg != 2 && reg != 4)
	  return K_OTHER;
	*len = i + 1 + afdo_modrm_len (p + i + 1);
	return reg == 2 ? K_CALL : K_JMP;
      }
    default:
      return K_OTHER;
    }
}

#endif /* AFDO_LBRGEN_INSN_H */
