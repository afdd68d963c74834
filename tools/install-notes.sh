#!/bin/sh
# install-notes.sh PREFIX LUA_CMODDIR -- the last lines of `make install`:
# what a prefix outside the usual search paths needs before the installed
# CLI, Lua module, shared library, pkg-config file and man page are found.
# Prints nothing when every one of them is found as it is.
prefix=$1
luadir=$2
notes=""
add() { notes="$notes
  $1"; }

case ":$PATH:" in *":$prefix/bin:"*) ;; *) add "export PATH=\"$prefix/bin:\$PATH\"" ;; esac
if command -v lua5.4 >/dev/null 2>&1; then
  cpath=$(env -u LUA_CPATH -u LUA_CPATH_5_4 lua5.4 -e 'io.write(package.cpath)' 2>/dev/null)
  case ";$cpath;" in
    *";$luadir/?.so;"*) ;;
    *) add "export LUA_CPATH=\"$luadir/?.so;;\"    # lua5.4: require \"sudokit\"" ;;
  esac
fi
case "$prefix" in
  /usr|/usr/local) ;;
  *) add "export LD_LIBRARY_PATH=\"$prefix/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}\"    # programs linked with -lsudokit" ;;
esac
if command -v pkg-config >/dev/null 2>&1; then
  pcpath=$(pkg-config --variable pc_path pkg-config 2>/dev/null)
  case ":$pcpath:" in
    *":$prefix/lib/pkgconfig:"*) ;;
    *) add "export PKG_CONFIG_PATH=\"$prefix/lib/pkgconfig\${PKG_CONFIG_PATH:+:\$PKG_CONFIG_PATH}\"" ;;
  esac
fi
if [ -n "$notes" ]; then
  echo "sudokit is installed in $prefix; to use it from there:$notes"
fi
