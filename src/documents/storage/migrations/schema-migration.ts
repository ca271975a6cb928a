/** One versioned change of the schema: statements run in order, in the migration's transaction. */
export interface SchemaMigration {
  readonly name: string;
  readonly statements: readonly string[];
}
