import "../customer.css";

/** The hosted checkout's pages: the customer's stylesheet (app/customer.css), nothing else. */
export default function CheckoutLayout({ children }: { children: React.ReactNode }) {
  return children;
}
