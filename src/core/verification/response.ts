/**
 * The checkout verification response (retrieve checkout), read tolerantly (R9).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { loose, LooseNumber, OpenEnum, OpenStruct } from "../internal/schema-kit.ts"

/**
 * The checkout verification response (retrieve checkout), read tolerantly (R9).
 *
 * @since 0.1.0
 */
export const CheckoutVerification = OpenStruct({
  id: Schema.String,
  merchantOrderId: loose(Schema.String),
  currencyCode: loose(Schema.String),
  plan: loose(
    OpenStruct({
      id: loose(Schema.String),
      currencyCode: loose(Schema.String),
      deposit: loose(OpenStruct({ amount: loose(LooseNumber), status: loose(OpenEnum(["Accepted", "Rejected"])) })),
      instalments: loose(
        OpenStruct({
          amount: loose(LooseNumber),
          count: loose(LooseNumber),
          cadence: loose(
            OpenStruct({
              frequency: loose(OpenEnum(["weekly", "fortnightly"])),
              on: loose(OpenStruct({ dayOfWeek: loose(Schema.String) }))
            })
          )
        })
      )
    })
  )
})

/**
 * @since 0.1.0
 */
export type CheckoutVerification = typeof CheckoutVerification.Type
