/**
 * The bound of a hook that starts a whole fleet: ten services one after the other take minutes on a
 * machine loaded to 50 (the runner's default of 120 s per hook then fails the file before a test
 * runs, and leaves the half-started fleet to the file watchdog).
 */
export const FLEET_START = { timeout: 300_000 };
