export { AccountDataModule } from './account-data.module';
export { AccountDataRegistry } from './account-data.registry';
export { AccountDataService } from './account-data.service';
export {
  type AccountEraser,
  type AccountExporter,
  type AccountTx,
  type ErasureAction,
  type ErasureContext,
  type ErasureRule,
  type ExportRows,
} from './account-data.types';
