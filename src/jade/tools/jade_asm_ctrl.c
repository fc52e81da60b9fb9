/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>

#include "jade_asm_ctrl.h"

void
jade_asm_format_ctrl(const struct jade_isa_ctrl *ctrl, char *buf, size_t size)
{
   char wait[7];
   for (unsigned i = 0; i < 6; i++)
      wait[i] = (ctrl->wait_mask >> i) & 1 ? '0' + i : '-';
   wait[6] = 0;

   int n = snprintf(buf, size, "[B%s:R%c:W%c:%c:S%02u", wait,
                    ctrl->rd_sb == JADE_HW_NO_SCOREBOARD ? '-' : '0' + ctrl->rd_sb,
                    ctrl->wr_sb == JADE_HW_NO_SCOREBOARD ? '-' : '0' + ctrl->wr_sb,
                    ctrl->yield ? 'Y' : '-', ctrl->stall);
   if (ctrl->reuse && n > 0 && (size_t)n < size)
      n += snprintf(buf + n, size - n, ":U%x", ctrl->reuse);
   if (n > 0 && (size_t)n < size)
      snprintf(buf + n, size - n, "]");
}

static int
parse_sb(const char **s, char tag, uint8_t *sb)
{
   if (**s != tag)
      return -1;
   (*s)++;
   if (**s == '-')
      *sb = JADE_HW_NO_SCOREBOARD;
   else if (**s >= '0' && **s <= '5')
      *sb = **s - '0';
   else
      return -1;
   (*s)++;
   return 0;
}

int
jade_asm_parse_ctrl(const char **s, struct jade_isa_ctrl *ctrl)
{
   const char *p = *s;
   struct jade_isa_ctrl c = {0};

   if (*p++ != '[' || *p++ != 'B')
      return -1;
   for (unsigned i = 0; i < 6; i++, p++) {
      if (*p == '0' + (char)i)
         c.wait_mask |= 1u << i;
      else if (*p != '-')
         return -1;
   }
   if (*p++ != ':' || parse_sb(&p, 'R', &c.rd_sb) || *p++ != ':' || parse_sb(&p, 'W', &c.wr_sb) ||
       *p++ != ':')
      return -1;
   if (*p == 'Y')
      c.yield = true;
   else if (*p != '-')
      return -1;
   p++;
   if (*p++ != ':' || *p++ != 'S')
      return -1;
   char *end;
   const unsigned long stall = strtoul(p, &end, 10);
   if (end == p || stall > 15)
      return -1;
   c.stall = stall;
   p = end;
   if (*p == ':') {
      p++;
      if (*p++ != 'U')
         return -1;
      const unsigned long reuse = strtoul(p, &end, 16);
      if (end == p || reuse > 15)
         return -1;
      c.reuse = reuse;
      p = end;
   }
   if (*p++ != ']')
      return -1;
   *ctrl = c;
   *s = p;
   return 0;
}
