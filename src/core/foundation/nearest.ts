/**
 * "Did you mean": the known name nearest a name that is not one, the one suggestion of every
 * report of an unknown name (R10.2): an option of a plain function or a namespace, a field of
 * data, an attribute of the `<payment-plan-message>` element. It lives in the core's kit, where
 * the validators report unknown fields; the layers above take it from here. Schema-free: the
 * element bundles it.
 *
 * @internal
 * @module
 */
export { nearestName } from "../internal/nearest.ts"
