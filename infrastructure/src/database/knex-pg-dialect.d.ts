// knex ships no types for its dialect classes; PreparingPgClient extends the pg one.
declare module 'knex/lib/dialects/postgres' {
  const PgDialect: unknown;
  export default PgDialect;
}
