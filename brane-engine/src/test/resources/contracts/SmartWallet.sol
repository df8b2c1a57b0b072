// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// The smallest ERC-1271 contract wallet: a signature is valid when ecrecover gives the owner. The owner can be
/// changed, so a test can show that a rotated key no longer signs for the wallet.
contract SmartWallet {
    bytes4 private constant MAGIC = 0x1626ba7e;

    address public owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function setOwner(address next) external {
        require(msg.sender == owner, "only the owner");
        owner = next;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) {
            return 0xffffffff;
        }
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        address recovered = ecrecover(hash, v, r, s);
        return recovered != address(0) && recovered == owner ? MAGIC : bytes4(0xffffffff);
    }
}

/// Deploys SmartWallets with CREATE2, so a wallet's address is known before it exists (a counterfactual account).
contract SmartWalletFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new SmartWallet{salt: salt}(owner));
    }

    function addressOf(address owner, bytes32 salt) external view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(type(SmartWallet).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, codeHash)))));
    }

    function fail() external pure {
        revert("factory refuses");
    }
}
