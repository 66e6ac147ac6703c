/**
 * The merchant configuration (R9), with the merchant's own additions.
 *
 * @module
 */
export {
  MerchantConfiguration,
  MerchantConfigurationResponse,
  MerchantCurrency,
  read,
  type ReadOptions,
  SubMerchant
} from "./configuration.ts"
