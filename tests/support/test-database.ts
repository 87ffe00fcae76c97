// The scratch database of a test run lives beside the database opening, so package specs can use it too.
export {
  createScratchDatabase,
  createTestDatabase,
  type ScratchDatabase,
  type TestDatabase,
} from '@shop/infrastructure';
