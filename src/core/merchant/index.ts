/**
 * The merchant configuration (R9), with the merchant's own additions.
 *
 * @since 0.1.0
 */
export {
  decodeResult,
  MerchantConfiguration,
  MerchantConfigurationResponse,
  MerchantCurrency,
  readResult,
  SubMerchant
} from "./configuration.ts"
