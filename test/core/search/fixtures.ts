/** The plan summaries of docs/plans.md's search examples: the search tests and the doc test share them. */

/** Six plans of three merchants, as the examples of docs/plans.md show them. */
export const plans = [
  {
    id: "p1",
    merchantId: "m-1",
    status: "OnSchedule",
    merchantOrderId: "ORD-100",
    totalPaid: 280,
    remainingBalance: 820,
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-20T00:00:00.000Z",
    completionDate: "2027-02-11T00:00:00.000Z",
    user: {
      id: "u1",
      firstName: "Ada",
      lastName: "Lovelace",
      emailAddress: "ada@example.com",
      phoneNumber: "+61400000001"
    },
    subMerchant: { externalCode: "store-north" },
    installments: [{ installmentNumber: 1 }]
  },
  {
    id: "p2",
    merchantId: "m-1",
    status: "Late",
    merchantOrderId: "ORD-101",
    totalPaid: 50.5,
    remainingBalance: 100,
    createdAt: "2026-11-03T10:00:00.000Z",
    updatedAt: "2026-11-21T00:00:00.000Z",
    completionDate: "2027-01-15T00:00:00.000Z",
    user: {
      id: "u2",
      firstName: "Alan",
      lastName: "Turing",
      emailAddress: "alan@example.org",
      phoneNumber: "+44700000002"
    },
    subMerchant: null,
    installments: []
  },
  {
    id: "p3",
    merchantId: "m-1",
    status: "Cancelled",
    merchantOrderId: "ord-102",
    totalPaid: 1000,
    remainingBalance: 0,
    createdAt: "2026-11-02T10:00:00.000Z",
    updatedAt: "2026-11-22T00:00:00.000Z",
    completionDate: "2026-12-24T00:00:00.000Z",
    cancellationReason: "CustomerRequest",
    user: null,
    subMerchant: { externalCode: "store-south" },
    installments: []
  },
  {
    id: "p4",
    merchantId: "m-2",
    status: "OnSchedule",
    merchantOrderId: "ORD-200",
    totalPaid: 99.99,
    remainingBalance: 5,
    createdAt: "2026-11-04T10:00:00.000Z",
    updatedAt: "2026-11-19T00:00:00.000Z",
    completionDate: null,
    user: { id: "u1", firstName: "Ada", lastName: "Lovelace", emailAddress: "ada@example.com" },
    merchant: { id: "m-2", name: "Brand Two", merchantGroupId: "g" },
    installments: []
  },
  {
    id: "p5",
    merchantId: "m-3",
    status: "Completed",
    merchantOrderId: "ORD-300",
    totalPaid: 10,
    remainingBalance: 0,
    createdAt: "2026-11-05T10:00:00.000Z",
    updatedAt: "2026-11-18T00:00:00.000Z",
    completionDate: "2027-03-01T00:00:00.000Z",
    user: null,
    merchant: { id: "m-3", name: "Other", merchantGroupId: "h" },
    installments: []
  },
  {
    id: "p0",
    merchantId: "m-1",
    status: "PendingDeposit",
    merchantOrderId: "ORD-099",
    totalPaid: 0,
    remainingBalance: 300,
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
    completionDate: "2027-02-11T00:00:00.000Z",
    user: { id: "u3", firstName: "Grace", lastName: "Hopper", emailAddress: "GRACE@navy.example" },
    installments: []
  }
]
