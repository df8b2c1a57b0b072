#!/usr/bin/env bash
# Recompiles BraneToken.sol into the ABI and bytecode the app loads from its classpath.
# solc is installed OUTSIDE the repository (in /tmp/solc), so nothing from npm lands in git:
#   npm install --prefix /tmp/solc solc@0.8.37
#   ./compile.sh
set -euo pipefail
cd "$(dirname "$0")"
SOLC_DIR="${SOLC_DIR:-/tmp/solc}"
[ -x "$SOLC_DIR/node_modules/.bin/solcjs" ] || npm install --prefix "$SOLC_DIR" solc@0.8.37
OUT="$(mktemp -d)"
"$SOLC_DIR/node_modules/.bin/solcjs" --optimize --bin --abi -o "$OUT" BraneToken.sol
DEST=../src/main/resources/contracts
cp "$OUT/BraneToken_sol_BraneToken.abi" "$DEST/BraneToken.abi.json"
cp "$OUT/BraneToken_sol_BraneToken.bin" "$DEST/BraneToken.bin"
rm -rf "$OUT"
echo "wrote $DEST/BraneToken.abi.json and $DEST/BraneToken.bin"
