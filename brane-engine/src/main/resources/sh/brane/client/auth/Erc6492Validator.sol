// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// The deployless signature validator of ERC-6492's "off-chain validation": it is never deployed. An eth_call
/// without a `to` runs this creation code followed by the ABI-encoded constructor arguments (signer, hash,
/// signature); the constructor returns one byte, 0x01 if the signature is valid and 0x00 if not, or reverts with
/// one of the errors below. eth_call discards every state change, so a counterfactual account deployed here
/// stays undeployed on the chain.
///
/// The order is the ERC's: a signature ending in the ERC-6492 suffix is unwrapped to (factory, factory calldata,
/// inner signature); if the signer has no code the factory is called first. If the signer already has code, the
/// account is asked as it is now (a key rotated since the signature was made must count), and only if it refuses
/// is the factory call made as a "prepare" call and the account asked again. A signer with code is asked through
/// ERC-1271; a signer without code is checked with ecrecover.
contract Erc6492Validator {
    bytes32 private constant SUFFIX = 0x6492649264926492649264926492649264926492649264926492649264926492;
    bytes4 private constant ERC1271_MAGIC = 0x1626ba7e;

    /// The factory (or prepare) call of a wrapped signature reverted.
    error FactoryCallFailed(address factory, bytes reason);
    /// The factory call succeeded but left no code at the signer's address: the wrapper deploys another account.
    error SignerHasNoCode(address signer);
    /// The account's isValidSignature reverted.
    error IsValidSignatureReverted(bytes reason);

    constructor(address signer, bytes32 hash, bytes memory signature) {
        bool valid = verify(signer, hash, signature);
        assembly {
            mstore(0, valid)
            return(31, 1)
        }
    }

    function verify(address signer, bytes32 hash, bytes memory signature) private returns (bool) {
        if (!isWrapped(signature)) {
            return signer.code.length > 0 ? erc1271(signer, hash, signature) : recovers(signer, hash, signature);
        }
        // Drop the 32-byte suffix in place; what remains is abi.encode(address, bytes, bytes).
        assembly {
            mstore(signature, sub(mload(signature), 32))
        }
        (address factory, bytes memory factoryCalldata, bytes memory inner) =
            abi.decode(signature, (address, bytes, bytes));
        if (signer.code.length > 0) {
            (bool answered, bool valid,) = ask(signer, hash, inner);
            if (answered && valid) {
                return true;
            }
        }
        (bool success, bytes memory reason) = factory.call(factoryCalldata);
        if (!success) {
            revert FactoryCallFailed(factory, reason);
        }
        if (signer.code.length == 0) {
            revert SignerHasNoCode(signer);
        }
        return erc1271(signer, hash, inner);
    }

    function isWrapped(bytes memory signature) private pure returns (bool) {
        uint256 length = signature.length;
        if (length < 32) {
            return false;
        }
        bytes32 tail;
        assembly {
            tail := mload(add(signature, length))
        }
        return tail == SUFFIX;
    }

    function erc1271(address signer, bytes32 hash, bytes memory signature) private view returns (bool) {
        (bool answered, bool valid, bytes memory reason) = ask(signer, hash, signature);
        if (!answered) {
            revert IsValidSignatureReverted(reason);
        }
        return valid;
    }

    /// isValidSignature through a low-level static call, so that an answer too short to decode counts as "not
    /// valid" instead of reverting here.
    function ask(address signer, bytes32 hash, bytes memory signature)
        private view returns (bool answered, bool valid, bytes memory returned)
    {
        (answered, returned) =
            signer.staticcall(abi.encodeWithSelector(ERC1271_MAGIC, hash, signature));
        if (answered && returned.length >= 32) {
            bytes32 word;
            assembly {
                word := mload(add(returned, 32))
            }
            valid = bytes4(word) == ERC1271_MAGIC;
        }
    }

    function recovers(address signer, bytes32 hash, bytes memory signature) private pure returns (bool) {
        if (signature.length != 65) {
            return false;
        }
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(signature, 32))
            s := mload(add(signature, 64))
            v := byte(0, mload(add(signature, 96)))
        }
        if (v < 27) {
            v += 27;
        }
        address recovered = ecrecover(hash, v, r, s);
        return recovered != address(0) && recovered == signer;
    }
}
