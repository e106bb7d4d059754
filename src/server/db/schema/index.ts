// Every table of the schema, for Drizzle and drizzle-kit.
export * from './identity';
export * from './platform';
export * from './numbering';
export * from './customers';
export * from './work-orders';
export * from './estimates';
export * from './invoices';
export * from './payments';
export * from './vendors';
export * from './messaging';
export * from './scheduling';
export * from './inventory';
export * from './time-entries';
export * from './short-urls';
export * from './figures';
export * from './credit-notes';
export * from './tax-rates';
