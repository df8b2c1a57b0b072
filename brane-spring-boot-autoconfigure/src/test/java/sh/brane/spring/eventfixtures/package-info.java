/** Fixtures of the @BraneEventListener tests, outside the packages other tests' applications scan. */
package sh.brane.spring.eventfixtures;
