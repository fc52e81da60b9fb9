/*
 * Copyright © 2026 Jade authors
 * SPDX-License-Identifier: MIT
 *
 * Method names from NVIDIA's class headers (the P_PARSE_* functions Mesa
 * generates from them), for reports of what the model does not implement.
 */

#include <string.h>

#include "nv_push_cl906f.h"
#include "nv_push_cla140.h"
#include "nv_push_clc597.h"
#include "nv_push_clc5c0.h"

#include "gpu_private.h"

const char *
gpu_method_name(uint32_t cls, uint32_t mthd)
{
   const char *name;
   switch (cls) {
   case 0xc597:
      name = P_PARSE_NVC597_MTHD(mthd);
      break;
   case 0xc5c0:
      name = P_PARSE_NVC5C0_MTHD(mthd);
      break;
   case 0xa140:
      name = P_PARSE_NVA140_MTHD(mthd);
      break;
   case 0xc46f:
      name = P_PARSE_NV906F_MTHD(mthd);
      break; /* the methods they share */
   default:
      return NULL;
   }
   return name && strcmp(name, "unknown method") ? name : NULL;
}
