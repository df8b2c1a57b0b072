// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// Test contract for Brane's integration tests: every ABI shape and every kind of revert in one place.
contract BraneTest {
    struct Info {
        uint256 id;
        address account;
        string label;
        bool active;
    }

    /// Emitted by setValue: two indexed topics and two data words.
    event ValueChanged(address indexed caller, uint256 indexed oldValue, uint256 newValue, string note);

    /// Custom error with arguments, raised by failCustom.
    error Unauthorized(address caller, uint256 code);

    uint256 public value;
    address public owner;
    string public name;
    uint256[] private items;

    constructor(uint256 initialValue) {
        value = initialValue;
        owner = msg.sender;
        name = "Brane";
        items.push(1);
        items.push(2);
        items.push(3);
    }

    function getValue() external view returns (uint256) {
        return value;
    }

    function getOwner() external view returns (address) {
        return owner;
    }

    function getName() external view returns (string memory) {
        return name;
    }

    function getInfo() external view returns (Info memory) {
        return Info(value, owner, name, true);
    }

    function getItems() external view returns (uint256[] memory) {
        return items;
    }

    function setValue(uint256 newValue, string calldata note) external {
        uint256 old = value;
        value = newValue;
        items.push(newValue);
        emit ValueChanged(msg.sender, old, newValue, note);
    }

    function failRequire() external pure {
        require(false, "reason text");
    }

    function failCustom(uint256 code) external view {
        revert Unauthorized(msg.sender, code);
    }

    /// Panics with code 0x12 (division by zero) when divisor is 0.
    function divide(uint256 numerator, uint256 divisor) external pure returns (uint256) {
        return numerator / divisor;
    }

    /// Panics with code 0x01 (assert).
    function failAssert() external pure {
        assert(false);
    }
}
