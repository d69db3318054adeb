/** The parts of an OpenAPI 3.1 document this description uses. Schemas are JSON Schema 2020-12 objects. */
export type JsonSchema = { [key: string]: unknown };

export interface HeaderObject {
  description: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface MediaTypeObject {
  /** Absent for bytes (images, scripts): the media type says what they are. */
  schema?: JsonSchema;
  example?: unknown;
  encoding?: Record<string, { contentType: string }>;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, MediaTypeObject>;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  description?: string;
  required: boolean;
  schema: JsonSchema;
}

export interface RequestBodyObject {
  description?: string;
  required: boolean;
  content: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject>;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type PathItemObject = Partial<Record<HttpMethod, OperationObject>>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  tags: { name: string; description: string }[];
  paths: Record<string, PathItemObject>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<
      string,
      { type: 'apiKey'; in: 'cookie'; name: string; description: string } | { type: 'http'; scheme: 'bearer'; description: string }
    >;
  };
}
