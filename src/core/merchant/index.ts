/**
 * The merchant configuration (R9), with the merchant's own additions.
 *
 * @since 0.1.0
 */
export {
  MerchantConfiguration,
  MerchantConfigurationResponse,
  MerchantCurrency,
  read,
  SubMerchant
} from "./configuration.ts"
