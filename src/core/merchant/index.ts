/**
 * The merchant configuration (R9), with the merchant's own additions.
 *
 * @module
 */
export {
  decodeResult,
  MerchantConfiguration,
  MerchantConfigurationResponse,
  MerchantCurrency,
  readResult,
  SubMerchant
} from "./configuration.ts"
