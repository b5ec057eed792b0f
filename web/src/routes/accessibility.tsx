import { createFileRoute } from "@tanstack/react-router";
import { AccessibilityPage } from "../features/content/components/accessibility-page";

// /accessibility: the WCAG 2.2 conformance report (docs/accessibility/conformance.md).
export const Route = createFileRoute("/accessibility")({ component: AccessibilityPage });
