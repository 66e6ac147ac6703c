/**
 * The service's route table (method and path per operation), shared by the
 * client and the sandbox.
 *
 * The package root's `Routes`: what routes.ts offers users; the table's
 * requests and answers (the client's and the sandbox's) stay in the core.
 *
 * @module
 */
export {
  DEFAULT_ROUTES,
  expandPath,
  type HttpMethod,
  isPathParameterValue,
  type Operation,
  OPERATIONS,
  pathParameters,
  type Route,
  type RouteMatch,
  type RouteMatcher,
  routeMatcher,
  type Routes,
  withRoutes
} from "./routes.ts"
