/** Test support: the {@link sh.brane.spring.boot.autoconfigure.test.AutoConfigureBrane} slice annotation. */
package sh.brane.spring.boot.autoconfigure.test;
