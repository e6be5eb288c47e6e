# Sourced by .ci/run, tests/run.sh (npm test) and server/start.sh (npm start): makes sure `node` is Node.js 24 (the project's
# runtime; these machines ship Node 20). When the node on PATH is older, it uses /usr/local/bin/node if
# that is 24 already, else installs Node 24 from the npm registry into /usr/local (as root; the system
# prefix /usr cannot take it: EEXIST) and puts /usr/local/bin first on PATH. Returns non-zero, after
# printing the one command that fixes it, when it cannot.
node24_fix='sudo npm i -g --prefix /usr/local node@24'

node_major() {
  local v
  v=$(node --version 2>/dev/null) || { echo 0; return; }
  v=${v#v}
  echo "${v%%.*}"
}

ensure_node24() {
  [ "$(node_major)" -ge 24 ] && return 0
  export PATH="/usr/local/bin:$PATH"
  hash -r
  [ "$(node_major)" -ge 24 ] && { echo "Using Node.js $(node --version) from /usr/local/bin"; return 0; }
  if [ "$(id -u)" = 0 ] && command -v npm >/dev/null; then
    echo "Node.js $(node --version 2>/dev/null || echo '(none)') is too old: installing Node.js 24 from the npm registry (npm i -g --prefix /usr/local node@24)..."
    npm i -g --prefix /usr/local --no-audit --no-fund node@24 >/dev/null || { echo "Installing Node.js 24 failed. Run: $node24_fix"; return 1; }
    hash -r
  fi
  if [ "$(node_major)" -ge 24 ]; then
    echo "Using Node.js $(node --version)"
    return 0
  fi
  echo "This project needs Node.js 24 (node --version says $(node --version 2>/dev/null || echo 'nothing')). Run: $node24_fix"
  return 1
}
