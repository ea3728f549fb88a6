import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: ["./src/db/schema.ts", "./src/db/schema-social.ts", "./src/db/schema-dialogue.ts"],
  out: "./src/db/migrations",
});
