# SPDX-License-Identifier: MIT
# Sourced by ci/with-jade and ci/with-nouveau: points the loaders at the
# Mesa built in build/install.  Nothing of the system's Mesa is used.

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
inst=${JADE_INSTALL:-$top/build/install}
if [ ! -f "$inst/share/glvnd/egl_vendor.d/50_mesa.json" ]; then
  echo "$(basename "$0"): no build in $inst; run ci/build first" >&2
  exit 1
fi

# A sanitizer build (ci/sanitize) names its runtimes: they go first in
# LD_PRELOAD, before the shim (ci/with-jade, ci/with-nouveau), since the
# program (piglit's) was not built with them.
jade_preload_first=
if [ -f "$inst/share/jade/sanitizer-preload" ]; then
  jade_preload_first=$(cat "$inst/share/jade/sanitizer-preload")
fi

export LD_LIBRARY_PATH=$inst/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PATH=$inst/bin:$PATH
export __EGL_VENDOR_LIBRARY_FILENAMES=$inst/share/glvnd/egl_vendor.d/50_mesa.json
export GBM_BACKENDS_PATH=$inst/lib/gbm
export LIBGL_DRIVERS_PATH=$inst/lib/dri
# piglit through waffle: GBM on the shim's render node.
export PIGLIT_PLATFORM=${PIGLIT_PLATFORM:-gbm}
export WAFFLE_PLATFORM=gbm
export WAFFLE_GBM_DEVICE=/dev/dri/renderD128
# Every run compiles (tests count compiles and read statistics) and
# nothing is written to the user's cache: the disk shader cache is off
# unless the caller sets MESA_SHADER_CACHE_DISABLE=false
# (tests/gl/check_shader_cache.py does, with its own directory).
export MESA_SHADER_CACHE_DISABLE=${MESA_SHADER_CACHE_DISABLE:-true}
