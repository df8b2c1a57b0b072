/**
 * Spring Boot test support: the {@link sh.brane.devnet.test.AutoConfigureBrane} annotation for test slices. Needs
 * spring-boot-test and the starter on the test classpath (both optional here).
 */
package sh.brane.devnet.test;
