export {
  type CompileSchema,
  createResponseChecker,
  type ObservedResponse,
  type ResponseChecker,
  type SchemaValidator,
  selfContained,
} from './check';
export { buildOpenApiDocument, type DocumentInfo } from './document';
export { API_ROUTES, type RouteSpec } from './routes';
export type { JsonSchema, OpenApiDocument, OperationObject } from './types';
