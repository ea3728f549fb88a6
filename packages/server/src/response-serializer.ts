import { isDeepStrictEqual } from "node:util";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";

type ResponseSchemaCompiler = typeof zodSerializerCompiler;
type SchemaCompilerInput = Parameters<ResponseSchemaCompiler>[0];

/**
 * Production: the route's response schema only documents and types the answer (OpenAPI, the web's
 * types); the body is stringified as is, so a 40-node relations page costs no zod pass per request.
 */
const plainSerializerCompiler: ResponseSchemaCompiler = () => (data) => JSON.stringify(data);

/**
 * Tests (and the e2e server): every answer must match its declared schema exactly, so drift between the
 * server and the contracts fails a test. The zod encode catches missing or mistyped fields; comparing
 * its result with the body as sent catches fields the schema does not declare (zod would strip them
 * silently, and production, which does not run zod, would send them).
 */
const checkedSerializerCompiler: ResponseSchemaCompiler = (route) => {
  const encode = zodSerializerCompiler(route);
  return (data) => {
    let encoded: string;
    try {
      encoded = encode(data);
    } catch (error) {
      reportDrift(route, error instanceof Error && error.cause ? error.cause : error);
      throw error;
    }
    const sent = JSON.stringify(data);
    if (!isDeepStrictEqual(JSON.parse(encoded), JSON.parse(sent))) {
      const error = new Error(`the answer has fields its response schema does not declare`);
      reportDrift(route, `${error.message}: ${sent.slice(0, 2000)}`);
      throw error;
    }
    return sent;
  };
};

// Tests run the server with logging off; a drift must still say where it is.
function reportDrift(route: SchemaCompilerInput, detail: unknown): void {
  const where = `${route.method} ${route.url} ${route.httpStatus}`;
  console.error(`response does not match its contract (${where}):`, detail);
}

/** The serializer for route response schemas: checked against the contracts, or plain JSON. */
export function responseSerializerCompiler(validate: boolean): ResponseSchemaCompiler {
  return validate ? checkedSerializerCompiler : plainSerializerCompiler;
}
