// Compiles one Solidity contract for a chosen EVM version and prints its creation bytecode (hex, no 0x).
// solcjs's command line has no --evm-version; the standard-JSON interface has. Usage, with solc 0.8.37 from npm
// installed outside the repository:
//   npm install --prefix /tmp/solc-x solc@0.8.37
//   SOLC=/tmp/solc-x/node_modules/solc node scripts/solc-compile.js FILE.sol CONTRACT EVM_VERSION > CONTRACT.bin
const solc = require(process.env.SOLC || 'solc');
const fs = require('fs');
const path = require('path');
const [file, name, evm] = process.argv.slice(2);
const key = path.basename(file);
const input = {language: 'Solidity', sources: {[key]: {content: fs.readFileSync(file, 'utf8')}},
  settings: {optimizer: {enabled: true, runs: 200}, evmVersion: evm,
    outputSelection: {'*': {'*': ['evm.bytecode.object', 'abi']}}}};
const out = JSON.parse(solc.compile(JSON.stringify(input)));
for (const e of out.errors || []) console.error(e.formattedMessage);
process.stdout.write(out.contracts[key][name].evm.bytecode.object + '\n');
