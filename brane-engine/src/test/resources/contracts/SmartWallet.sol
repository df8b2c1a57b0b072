// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// The smallest ERC-1271 contract wallet: a signature is valid when ecrecover gives the owner. The owner can be
/// changed, by the owner or by anyone holding the owner's signed hand-over, so a test can show that a rotated key no
/// longer signs for the wallet, and that a hand-over not yet on chain can be the "prepare" call of ERC-6492.
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

    /// Hands the wallet to `next` on the owner's signature of keccak256(abi.encodePacked(this wallet, next)), sent by
    /// anyone (a relayer). An ERC-6492 "prepare" call: a signature by the next owner, wrapped with this call, is
    /// valid before the hand-over is on chain.
    function setOwnerSigned(address next, bytes calldata ownerSignature) external {
        require(ownerSignature.length == 65, "a 65-byte signature");
        bytes32 digest = keccak256(abi.encodePacked(address(this), next));
        address signer = ecrecover(digest, uint8(ownerSignature[64]), bytes32(ownerSignature[0:32]),
            bytes32(ownerSignature[32:64]));
        require(signer != address(0) && signer == owner, "not signed by the owner");
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
