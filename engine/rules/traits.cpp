#include "engine/rules/traits.hpp"

namespace kroon {

const RuleTraits& rule_traits(Variant variant) {
    return with_rules(variant, [variant](auto tag) -> const RuleTraits& {
        static const RuleTraits traits = traits_of<typename decltype(tag)::Rules>(variant);
        return traits;
    });
}

}  // namespace kroon
